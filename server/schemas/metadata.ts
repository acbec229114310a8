import { z } from "@hono/zod-openapi";
import * as field from "./fields.js";
import { text } from "./text.js";
import { tokenIdSchema } from "./amounts.js";
import { chainIdSchema, operationIdSchema } from "./common.js";

/**
 * Metadata as it is stored: the OpenSea field names, and only the fields a write set, so that a token's own
 * metadata overrides its collection's field by field and an absent field inherits.
 */
export type MetadataAttribute = { trait_type: string; value: string | number; display_type?: string };
export type MetadataFields = { name?: string; description?: string; image?: string; external_url?: string; attributes?: MetadataAttribute[] };
type Field = keyof MetadataFields;

/**
 * An update: the fields it sets, and the stored keys it removes. A field given `null` is removed so that it
 * inherits again; the keys of a field include its write-form name, which metadata stored before writes were
 * validated may still carry.
 */
export type MetadataPatch = { set: MetadataFields; remove: string[] };

const STORED_KEYS: Record<Field, string[]> = {
  name: ["name"],
  description: ["description"],
  image: ["image", "mediaUrl"],
  external_url: ["external_url", "externalUrl"],
  attributes: ["attributes", "traits"],
};

const URL_SCHEMES = new Set(["http:", "https:", "ipfs:", "ar:", "data:"]);
const urlMessage = "must be an http(s), ipfs, ar or data URL";
const url = text({ error: urlMessage })
  .max(65_536, "at most 65536 characters")
  .refine((value) => value === "" || (URL.canParse(value) && URL_SCHEMES.has(new URL(value).protocol)), urlMessage);
const traitName = text({ error: "must be a string" }).trim().min(1, "must not be empty").max(200, "at most 200 characters");
const traitValue = z.union([text().max(1000, "at most 1000 characters"), z.number()], { error: "must be a string or a number" });
const trait = z.object({ name: traitName.openapi({ description: "The trait's name" }), value: traitValue.openapi({ description: "Its value" }) });
const attribute = z.object({
  trait_type: traitName.openapi({ description: "The trait's name" }),
  value: traitValue.openapi({ description: "Its value" }),
  display_type: text().max(50, "at most 50 characters").optional().openapi({ description: "How marketplaces show it (number, boost_percentage, date...)" }),
});

function fieldsShape(clearable: boolean) {
  const field = <T extends z.ZodType>(schema: T) => (clearable ? schema.nullable().optional() : schema.optional());
  return {
    name: field(text({ error: "must be a string" }).max(200, "at most 200 characters").openapi({ description: "The token's (or collection's) name" })),
    description: field(text({ error: "must be a string" }).max(10_000, "at most 10000 characters").openapi({ description: "Its description" })),
    mediaUrl: field(url.openapi({ description: "Image or other media: a URL from POST /api/v1/nft/uploadMedia or any http(s)/ipfs/ar/data URL" })),
    image: field(url.openapi({ description: "Same as mediaUrl (OpenSea name)" })),
    externalUrl: field(url.openapi({ description: "A page about the token" })),
    external_url: field(url.openapi({ description: "Same as externalUrl (OpenSea name)" })),
    traits: field(z.array(trait, { error: "must be an array of { name, value }" }).max(100, "at most 100 traits").openapi({ description: "Its traits, as { name, value }" })),
    attributes: field(
      z.array(attribute, { error: "must be an array of { trait_type, value }" }).max(100, "at most 100 attributes").openapi({ description: "Same as traits (OpenSea form)" }),
    ),
  };
}

type Input = { [K in keyof ReturnType<typeof fieldsShape>]?: z.output<ReturnType<typeof fieldsShape>[K]> };

const ALIASES: [Field, keyof Input, keyof Input][] = [
  ["name", "name", "name"],
  ["description", "description", "description"],
  ["image", "mediaUrl", "image"],
  ["external_url", "externalUrl", "external_url"],
  ["attributes", "traits", "attributes"],
];

function refuseBothSpellings(input: Input, ctx: z.RefinementCtx): void {
  for (const [, writeName, openSeaName] of ALIASES) {
    if (writeName !== openSeaName && input[writeName] !== undefined && input[openSeaName] !== undefined) {
      ctx.addIssue({ code: "custom", path: [openSeaName], message: `give either ${writeName} or ${openSeaName}, not both` });
    }
  }
}

function toPatch(input: Input): MetadataPatch {
  const set: MetadataFields = {};
  const remove: string[] = [];
  for (const [field, writeName, openSeaName] of ALIASES) {
    const value = input[writeName] !== undefined ? input[writeName] : input[openSeaName];
    if (value === undefined) continue;
    remove.push(...STORED_KEYS[field]);
    // An empty URL means "none": some clients send "" for a field they do not use.
    if (value === null || value === "") continue;
    if (field === "attributes") {
      set.attributes =
        writeName === "traits" && input.traits
          ? input.traits.map((item) => ({ trait_type: item.name, value: item.value }))
          : (value as MetadataAttribute[]).map((item) => ({ trait_type: item.trait_type, value: item.value, ...(item.display_type === undefined ? {} : { display_type: item.display_type }) }));
    } else {
      set[field] = value as string;
    }
  }
  return { set, remove };
}

const DESCRIPTION =
  "Write form: name, description, mediaUrl, externalUrl, traits [{ name, value }]; the OpenSea names image, external_url and attributes [{ trait_type, value, display_type? }] are accepted too.";

/** Metadata given with a new collection (`defaultMetadata`), a new ERC-1155 token type or a mint: the fields it sets. */
export const metadataInputSchema = z
  .object(fieldsShape(false), { error: "must be an object" })
  .superRefine(refuseBothSpellings)
  .transform((input): MetadataFields => toPatch(input).set)
  .openapi("MetadataInput", { description: DESCRIPTION });

/** An update: fields present replace the stored ones, `null` removes one (it inherits again), absent ones stay. */
export const metadataUpdateSchema = z
  .object(fieldsShape(true), { error: "must be an object" })
  .superRefine(refuseBothSpellings)
  .superRefine((input, ctx) => {
    if (Object.values(input).every((value) => value === undefined)) ctx.addIssue({ code: "custom", message: "sets no field" });
  })
  .transform(toPatch)
  .openapi("MetadataUpdate", {
    description: `${DESCRIPTION} Fields present replace the stored ones, null removes one (it inherits the collection's again), absent fields stay as they are.`,
  });

export const collectionMetadataBody = z
  .object({ chainId: chainIdSchema, contractAddress: field.contractAddressInput, metadata: metadataUpdateSchema })
  .openapi("CollectionMetadataRequest");

export const tokenMetadataBody = z
  .object({ chainId: chainIdSchema, contractAddress: field.contractAddressInput, tokenId: tokenIdSchema, metadata: metadataUpdateSchema })
  .openapi("TokenMetadataRequest");

export const refreshMetadataBody = z
  .object({
    chainId: chainIdSchema,
    contractAddress: field.contractAddressInput,
    tokenId: tokenIdSchema.optional().openapi({ description: "One token; without it the whole collection and its contract metadata" }),
  })
  .openapi("RefreshMetadataRequest");

export const metadataWriteResponse = z
  .object({
    success: field.success,
    transactionHash: z.string().optional().openapi({ description: "The propagation transaction, when this write sent one" }),
    transactionUrl: field.transactionUrl.optional(),
    operationId: operationIdSchema.optional().openapi({ description: "This request's id, when it sent the propagation transaction (GET /api/v1/operations/{operationId})" }),
  })
  .openapi("MetadataWritten", {
    description:
      "The first write to a collection sends its propagation transaction at once; later writes within the propagation window are sent together in one transaction at its end, and their responses carry no transactionHash.",
  });
