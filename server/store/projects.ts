import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { StoreDb } from "./database/db.js";
import { apiTokens, projects } from "./database/schema.js";

export type Project = typeof projects.$inferSelect;

export async function insertProject(db: StoreDb, name: string): Promise<Project> {
  const [row] = await db.insert(projects).values({ id: crypto.randomUUID(), name }).returning();
  return row!;
}

export async function findProjectByName(db: StoreDb, name: string): Promise<Project | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.name, name));
  return row;
}

export async function findProjectById(db: StoreDb, id: string): Promise<Project | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row;
}

export async function listProjects(db: StoreDb): Promise<Project[]> {
  return await db.select().from(projects).orderBy(asc(projects.createdAt), asc(projects.name));
}

/**
 * Removes a project that holds nothing but its API tokens: the first project when the start that created it failed
 * before the service answered, so that its one-time admin token is issued by a start that succeeds.
 */
export async function deleteEmptyProject(db: StoreDb, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(apiTokens).where(eq(apiTokens.projectId, id));
    await tx.delete(projects).where(eq(projects.id, id));
  });
}
