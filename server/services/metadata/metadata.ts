/**
 * Token metadata in its two forms (decisions.md, "Metadata and media"): what clients write (`name`, `description`,
 * `mediaUrl`, `externalUrl`, `traits`, or the OpenSea names) and what every read answers, the OpenSea form.
 */
import type { MetadataSources } from "../../store/metadataSources.js";

export type Attribute = { trait_type: string; value: string | number; display_type?: string };
export type OpenSeaMetadata = { name: string; description: string; image: string; external_url?: string; attributes: Attribute[] };

type Partial = { name?: string; description?: string; image?: string; external_url?: string; attributes?: Attribute[] };

function asString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function attributesOf(record: Record<string, unknown>): Attribute[] | undefined {
  if (Array.isArray(record.attributes)) {
    return record.attributes.flatMap((item) => {
      const attribute = item as Record<string, unknown>;
      const value = attribute.value;
      if (typeof attribute.trait_type !== "string" || (typeof value !== "string" && typeof value !== "number")) return [];
      return [{ trait_type: attribute.trait_type, value, ...(typeof attribute.display_type === "string" ? { display_type: attribute.display_type } : {}) }];
    });
  }
  if (Array.isArray(record.traits)) {
    return record.traits.flatMap((item) => {
      const trait = item as Record<string, unknown>;
      const value = trait.value;
      if (typeof trait.name !== "string" || (typeof value !== "string" && typeof value !== "number")) return [];
      return [{ trait_type: trait.name, value }];
    });
  }
  return undefined;
}

/** The fields a stored write-form object sets, in OpenSea names; absent fields stay absent so they can inherit. */
export function toOpenSeaFields(stored: unknown): Partial {
  if (stored === null || typeof stored !== "object" || Array.isArray(stored)) return {};
  const record = stored as Record<string, unknown>;
  const fields: Partial = {};
  const name = asString(record.name);
  const description = asString(record.description);
  const image = asString(record.mediaUrl) ?? asString(record.image);
  const externalUrl = asString(record.externalUrl) ?? asString(record.external_url);
  const attributes = attributesOf(record);
  if (name !== undefined) fields.name = name;
  if (description !== undefined) fields.description = description;
  if (image !== undefined) fields.image = image;
  if (externalUrl !== undefined) fields.external_url = externalUrl;
  if (attributes !== undefined) fields.attributes = attributes;
  return fields;
}

function openSeaOf(merged: Partial, fallbackName: string): OpenSeaMetadata {
  return {
    name: merged.name ?? fallbackName,
    description: merged.description ?? "",
    image: merged.image ?? "",
    ...(merged.external_url === undefined ? {} : { external_url: merged.external_url }),
    attributes: merged.attributes ?? [],
  };
}

/**
 * Collection defaults, overridden field by field by the token's own metadata. Under both, for external contracts, what
 * the contract's own token URI holds (fetched in the background).
 */
export function effectiveMetadata(collectionDefaults: unknown, tokenOwn: unknown, fallbackName: string, remote?: unknown): OpenSeaMetadata {
  return openSeaOf({ ...toOpenSeaFields(remote), ...toOpenSeaFields(collectionDefaults), ...toOpenSeaFields(tokenOwn) }, fallbackName);
}

const collectionFieldsOf = new WeakMap<MetadataSources, Partial>();

/** The collection default's fields, the same for every token of a page: converted once per page (per sources read). */
function collectionFields(sources: MetadataSources): Partial {
  let fields = collectionFieldsOf.get(sources);
  if (fields === undefined) {
    fields = toOpenSeaFields(sources.collectionDefault);
    collectionFieldsOf.set(sources, fields);
  }
  return fields;
}

/** A token's effective metadata from the sources read for its collection; `tokenId` in decimal. */
export function tokenMetadataFrom(sources: MetadataSources, collectionName: string | null, tokenId: string): OpenSeaMetadata {
  const merged = { ...toOpenSeaFields(sources.remote.get(tokenId)?.metadata), ...collectionFields(sources), ...toOpenSeaFields(sources.own.get(tokenId)) };
  return openSeaOf(merged, `${collectionName ?? "Token"} #${tokenId}`);
}
