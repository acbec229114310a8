import type { z } from "@hono/zod-openapi";

/** A key of the input that its schema does not name, with the names the schema knows at that place. */
export type UnknownKey = { path: (string | number)[]; key: string; known: string[] };

type Def = z.core.$ZodTypeDef & Record<string, unknown>;

const defOf = (schema: z.core.$ZodType): Def => schema._zod.def as Def;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The keys of `value` that `schema` does not declare, at any depth, read from the schema itself: what a zod object
 * strips silently, so that a misspelt key (`ownerAdress`, `metdata`) would otherwise pass as if it were absent. An
 * object that declares a catch-all (`.passthrough()`, `.catchall()`) takes any key; a record takes any key and its
 * values are checked against its value schema; of a union, the option the value fits best is the one that speaks.
 */
export function unknownKeys(schema: z.core.$ZodType, value: unknown, path: (string | number)[] = []): UnknownKey[] {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return unknownKeys(def.innerType as z.core.$ZodType, value, path);
    case "pipe":
      return unknownKeys(def.in as z.core.$ZodType, value, path);
    case "lazy":
      return unknownKeys((def.getter as () => z.core.$ZodType)(), value, path);
    case "array":
      return Array.isArray(value) ? value.flatMap((item, index) => unknownKeys(def.element as z.core.$ZodType, item, [...path, index])) : [];
    case "record":
      return isRecord(value) ? Object.entries(value).flatMap(([key, item]) => unknownKeys(def.valueType as z.core.$ZodType, item, [...path, key])) : [];
    case "union":
      return bestOption(def.options as z.core.$ZodType[], value, path);
    case "object":
      return isRecord(value) ? objectUnknownKeys(def, value, path) : [];
    default:
      return [];
  }
}

function objectUnknownKeys(def: Def, value: Record<string, unknown>, path: (string | number)[]): UnknownKey[] {
  const shape = def.shape as Record<string, z.core.$ZodType>;
  const known = Object.keys(shape);
  const catchall = def.catchall as z.core.$ZodType | undefined;
  const open = catchall !== undefined && defOf(catchall).type !== "never";
  const found: UnknownKey[] = [];
  for (const [key, item] of Object.entries(value)) {
    const field = shape[key];
    if (field) found.push(...unknownKeys(field, item, [...path, key]));
    else if (open) found.push(...unknownKeys(catchall, item, [...path, key]));
    else found.push({ path, key, known });
  }
  return found;
}

/** The option with the fewest unknown keys: a body meant for one form of a union is told that form's names. */
function bestOption(options: z.core.$ZodType[], value: unknown, path: (string | number)[]): UnknownKey[] {
  let best: UnknownKey[] | undefined;
  for (const option of options) {
    const found = unknownKeys(option, value, path);
    if (found.length === 0) return found;
    if (best === undefined || found.length < best.length) best = found;
  }
  return best ?? [];
}
