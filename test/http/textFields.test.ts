import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localSignerAccount } from "../../server/chain/signers.js";
import { chainClient, type ChainClient } from "../helpers/chainClient.js";
import { type SharedService, sharedService } from "../helpers/sharedService.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * The probe of issue 16, generated from /openapi.json: every text field of every operation's body, query and path,
 * sent with a NUL (and, in JSON bodies, a lone surrogate), otherwise as valid as the document's examples make it.
 * A route added later is probed without editing this file.
 */

type Schema = Record<string, any>;
type Case = { path: (string | number)[]; value: unknown };

let service: SharedService;
let chain: ChainClient;
let signer: Address;
let document: Schema;
let collection: string;

function resolve(schema: Schema): Schema {
  if (typeof schema.$ref !== "string") return schema;
  return resolve(document.components.schemas[schema.$ref.replace("#/components/schemas/", "")]);
}

/** A value the schema accepts as far as the document tells (its examples; a managed collection for contractAddress). */
function sample(raw: Schema, name?: string): unknown {
  const schema = resolve(raw);
  if (name === "contractAddress") return collection;
  if (schema.example !== undefined) return schema.example;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return sample(branches[0], name);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case "string":
      return schema.format === "uuid" ? crypto.randomUUID() : "tokenhub";
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    case "array":
      return [sample(schema.items)];
    case "object":
      return Object.fromEntries((schema.required ?? []).map((key: string) => [key, sample(schema.properties[key], key)]));
    default:
      return "tokenhub";
  }
}

/** One body per string field reachable in the schema: that field set to `bad`, the rest a sample. */
function casesOf(raw: Schema, bad: string): Case[] {
  const schema = resolve(raw);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.flatMap((branch: Schema) => casesOf(branch, bad));
  if (schema.type === "string") return [{ path: [], value: bad }];
  if (schema.type === "array") return casesOf(schema.items, bad).map((item) => ({ path: [0, ...item.path], value: [item.value] }));
  if (schema.type !== "object") return [];
  const base = sample(schema) as Record<string, unknown>;
  const fields: [string, Schema][] = Object.entries(schema.properties ?? {});
  // A free-form object (an EIP-712 message) is probed through one key of its own.
  if (fields.length === 0 && schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
    const values = Object.keys(schema.additionalProperties).length === 0 ? { type: "string" } : schema.additionalProperties;
    fields.push(["field", values]);
  }
  return fields.flatMap(([key, field]) => casesOf(field, bad).map((item) => ({ path: [key, ...item.path], value: { ...base, [key]: item.value } })));
}

const NUL = "a\u0000b";
const LONE_SURROGATE = "a\ud800b";

type Probe = { method: string; url: string; body?: string; field: string; bad: string };

/** Every probe of the document: parameters with a NUL, JSON body fields with a NUL and with a lone surrogate. */
function probes(): Probe[] {
  const all: Probe[] = [];
  for (const [template, operations] of Object.entries<Schema>(document.paths)) {
    for (const [method, operation] of Object.entries<Schema>(operations)) {
      const parameters: Schema[] = operation.parameters ?? [];
      const url = (bad?: { name: string; value: string }) => {
        const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(bad?.name === name ? bad.value : String(sample(parameters.find((p) => p.name === name)!.schema, name))));
        const query = new URLSearchParams();
        for (const parameter of parameters.filter((p) => p.in === "query")) {
          if (bad !== undefined && bad.name === parameter.name) query.set(parameter.name, bad.value);
          else if (parameter.required) query.set(parameter.name, String(sample(parameter.schema, parameter.name)));
        }
        return query.size > 0 ? `${path}?${query}` : path;
      };
      const jsonBody = operation.requestBody?.content?.["application/json"]?.schema;
      const body = jsonBody ? JSON.stringify(sample(jsonBody)) : undefined;
      // A header (Idempotency-Key) cannot carry a NUL: fetch refuses to send it, as HTTP does.
      for (const parameter of parameters.filter((p) => p.in !== "header")) {
        all.push({ method, url: url({ name: parameter.name, value: NUL }), body, field: parameter.name, bad: NUL });
      }
      if (!jsonBody) continue;
      for (const bad of [NUL, LONE_SURROGATE]) {
        for (const probe of casesOf(jsonBody, bad)) all.push({ method, url: url(), body: JSON.stringify(probe.value), field: probe.path.join("."), bad });
      }
    }
  }
  return all;
}

const chainState = async () => ({
  nonce: await chain.client.getTransactionCount({ address: signer, blockTag: "pending" }),
  block: await chain.client.getBlockNumber({ cacheTime: 0 }),
});

beforeAll(async () => {
  service = await sharedService();
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
  signer = localSignerAccount(service.dataDir).address;
  document = (await (await fetch(`${service.baseUrl}/openapi.json`)).json()) as Schema;
  const created = await fetch(`${service.baseUrl}/api/v1/erc721/create`, {
    method: "POST",
    headers: { authorization: `Bearer ${service.adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ chainId: 31337, name: "Probe", symbol: "PRB" }),
  });
  const answer = (await created.json()) as { contractAddress: string; transactionHash: string };
  collection = answer.contractAddress;
  await waitFor(async () => (await chain.client.getTransactionReceipt({ hash: answer.transactionHash as `0x${string}` }).catch(() => undefined)) !== undefined);
});

afterAll(async () => {
  await service?.release();
});

describe("text fields", () => {
  it("refuses a NUL or a lone surrogate in every text field of every operation with a 400 naming it, and sends nothing", async () => {
    const before = await chainState();
    const all = probes();
    // The probe of the issue, among the generated ones: a valid collection whose symbol holds a NUL.
    expect(all).toContainEqual(expect.objectContaining({ method: "post", url: "/api/v1/erc20/create", field: "symbol", bad: NUL }));
    expect(all).toContainEqual(expect.objectContaining({ method: "get", url: "/api/v1/key/keys?customRef=a%00b", field: "customRef" }));
    expect(all.length).toBeGreaterThan(200);

    const wrong: string[] = [];
    for (const probe of all) {
      const response = await fetch(`${service.baseUrl}${probe.url}`, {
        method: probe.method.toUpperCase(),
        headers: { authorization: `Bearer ${service.adminToken}`, ...(probe.body === undefined ? {} : { "content-type": "application/json" }) },
        body: probe.body,
      });
      const answer = (await response.json()) as { code?: string; details?: { path: string; message: string }[] };
      const ok = response.status === 400 && answer.code === "VALIDATION_ERROR" && answer.details?.some((detail) => detail.path === probe.field);
      if (!ok) wrong.push(`${probe.method.toUpperCase()} ${probe.url} ${probe.field}: ${response.status} ${JSON.stringify(answer)}`);
    }
    expect(wrong).toEqual([]);
    expect(await chainState()).toEqual(before);
  });
});
