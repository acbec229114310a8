import type { Settings } from "../config/env.js";
import { NotFoundError, ValidationError } from "../errors.js";
import { issueApiToken, listApiTokens, parseScopes, revokeToken } from "../services/projects/apiTokens.js";
import { createProject } from "../services/projects/projects.js";
import { findProjectByName, listProjects } from "../store/projects.js";
import { withStore } from "./storeAccess.js";

export type Output = (line: string) => void;

const DURATION = /^(\d+)([smhdw])$/;
const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `30d`, `12h` or an ISO-8601 date. */
export function parseExpiry(input: string, now = Date.now()): Date {
  const duration = DURATION.exec(input);
  if (duration) return new Date(now + Number(duration[1]) * UNIT_MS[duration[2]!]!);
  const date = new Date(input);
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(input)) {
    throw new ValidationError(`Cannot read the expiry '${input}': give a duration like 30d or 12h, or an ISO-8601 date.`);
  }
  return date;
}

export async function projectCreate(settings: Settings, out: Output, name: string): Promise<void> {
  await withStore(settings, async (store) => {
    const project = await createProject(store.db, name);
    out(`Created project ${project.name} (${project.id}).`);
    out(`Give it a token: tokenhub token create --project ${project.name} --scopes read,mint`);
  });
}

export async function projectList(settings: Settings, out: Output): Promise<void> {
  await withStore(settings, async (store) => {
    for (const project of await listProjects(store.db)) out(`${project.id}  ${project.name}  created ${project.createdAt.toISOString()}`);
  });
}

export async function tokenCreate(
  settings: Settings,
  out: Output,
  options: { project: string; scopes: string; name?: string; expires?: string },
): Promise<void> {
  const scopes = parseScopes(options.scopes);
  const expiresAt = options.expires === undefined ? undefined : parseExpiry(options.expires);
  await withStore(settings, async (store) => {
    const project = await findProjectByName(store.db, options.project);
    if (!project) throw new NotFoundError(`No project named ${options.project} (tokenhub project list shows them).`);
    const { token, record } = await issueApiToken(store.db, {
      projectId: project.id,
      name: options.name ?? "cli",
      scopes,
      expiresAt,
    });
    out(`Token ${record.id} for project ${project.name}, scopes ${scopes.join(",")}${expiresAt ? `, expires ${expiresAt.toISOString()}` : ""}.`);
    out("It is shown once; store it now:");
    out(token);
  });
}

export async function tokenList(settings: Settings, out: Output, options: { project?: string }): Promise<void> {
  await withStore(settings, async (store) => {
    const projects = await listProjects(store.db);
    const names = new Map(projects.map((project) => [project.id, project.name]));
    let projectId: string | undefined;
    if (options.project !== undefined) {
      projectId = projects.find((project) => project.name === options.project)?.id;
      if (!projectId) throw new NotFoundError(`No project named ${options.project}.`);
    }
    const now = Date.now();
    for (const token of await listApiTokens(store.db, projectId)) {
      const state = token.revokedAt ? "revoked" : token.expiresAt && token.expiresAt.getTime() <= now ? "expired" : "active";
      out(
        [token.id, names.get(token.projectId), token.name, `${token.tokenPrefix}…`, token.scopes.join(","), state, token.expiresAt ? `expires ${token.expiresAt.toISOString()}` : "no expiry"].join("  "),
      );
    }
  });
}

export async function tokenRevoke(settings: Settings, out: Output, id: string): Promise<void> {
  await withStore(settings, async (store) => {
    await revokeToken(store.db, id);
    out(`Revoked token ${id}.`);
  });
}
