import { fileTypeFromFile } from "file-type";

export type MediaType = { mime: string; extension: string };

/** How much of the start of a file the text formats (SVG, HTML, JSON, glTF) are recognised from. */
export const SNIFF_BYTES = 64 * 1024;

/**
 * The type of a stored upload, from its bytes only (the name and the declared part type are never trusted):
 * binary formats by their magic numbers (file-type), then the text formats it cannot see. Undefined when neither
 * recognises the content.
 */
export async function detectMediaType(file: string, head: Buffer): Promise<MediaType | undefined> {
  const binary = await fileTypeFromFile(file);
  if (binary && binary.mime !== "application/xml") return { mime: binary.mime, extension: binary.ext };
  return sniffText(head) ?? (binary ? { mime: binary.mime, extension: binary.ext } : undefined);
}

const PROLOG = /^(\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!doctype\s+svg[^>[]*(\[[\s\S]*?\])?\s*>)/i;

export function sniffText(head: Buffer): MediaType | undefined {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(head, { stream: true });
  } catch {
    return undefined;
  }
  text = text.trimStart();
  if (text.startsWith("{") || text.startsWith("[")) {
    return /^\{[\s\S]*"asset"\s*:\s*\{[^{}]*"version"\s*:/.test(text)
      ? { mime: "model/gltf+json", extension: "gltf" }
      : { mime: "application/json", extension: "json" };
  }
  if (!text.startsWith("<")) return undefined;
  for (let match = PROLOG.exec(text); match && match[0].length > 0; match = PROLOG.exec(text)) text = text.slice(match[0].length);
  if (/^<svg[\s>/]/i.test(text)) return { mime: "image/svg+xml", extension: "svg" };
  if (/^<(!doctype\s+html|html|head|body|script)[\s>/]/i.test(text)) return { mime: "text/html", extension: "html" };
  return undefined;
}

/** `allowed` holds MIME types and `type/*` wildcards, as configured in TOKENHUB_MEDIA_TYPES. */
export function isAllowedType(mime: string, allowed: readonly string[]): boolean {
  const [major] = mime.split("/");
  return allowed.some((entry) => entry === mime || entry === `${major}/*`);
}

/**
 * Types a browser renders as a document that can run script. Served under a sandboxing content-security policy
 * everywhere, and as a download for the ones that are not images.
 */
export function isActiveContent(mime: string): boolean {
  return mime === "image/svg+xml" || mime === "text/html" || mime === "application/xhtml+xml" || mime === "application/xml" || mime === "text/xml";
}
