import { ConfigError, ValidationError } from "../../errors.js";
import type { StoreDb } from "../../store/database/db.js";
import { findProjectByName, insertProject, listProjects, type Project } from "../../store/projects.js";
import { type IssuedToken, issueApiToken } from "./apiTokens.js";

export const FIRST_PROJECT_NAME = "default";

export async function createProject(db: StoreDb, name: string): Promise<Project> {
  if (!/^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,63}$/.test(name)) {
    throw new ValidationError("A project name is 1 to 64 letters, digits, '.', '_' or '-'.");
  }
  if (await findProjectByName(db, name)) throw new ValidationError(`A project named ${name} exists already.`);
  return await insertProject(db, name);
}

/**
 * On first start (no project yet) creates the first project with an admin token, so a fresh install is usable at
 * once. Returns undefined on later starts: the token was shown then and is not stored in plaintext.
 */
export async function bootstrapFirstProject(
  db: StoreDb,
  adminToken: string | undefined,
): Promise<{ project: Project; issued: IssuedToken } | undefined> {
  if ((await listProjects(db)).length > 0) return undefined;
  if (adminToken !== undefined && adminToken.length < 24) throw new ConfigError("TOKENHUB_ADMIN_TOKEN must be at least 24 characters.");
  const project = await insertProject(db, FIRST_PROJECT_NAME);
  const issued = await issueApiToken(db, { projectId: project.id, name: "admin", scopes: ["admin"], plaintext: adminToken });
  return { project, issued };
}
