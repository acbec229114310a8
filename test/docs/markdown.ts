/**
 * The little of Markdown the documentation tests read: fenced blocks (with the hidden `<!-- name: ... -->` markers that
 * follow them), links and the anchors GitHub gives headings.
 */

export type Fence = {
  language: string;
  text: string;
  /** Line index of the opening fence and of the closing one. */
  start: number;
  end: number;
  /** The `<!-- name: value -->` comments on the lines right after the block, by name. */
  markers: Record<string, string>;
};

const FENCE = /^(\s*)(```+|~~~+)\s*([\w-]*)/;
const MARKER = /^<!--\s*([\w-]+):\s*(.*?)\s*-->\s*$/;

export function fencesOf(markdown: string): Fence[] {
  const lines = markdown.split("\n");
  const fences: Fence[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE.exec(lines[index]!);
    if (!open) continue;
    const end = lines.findIndex((line, at) => at > index && line.trim().startsWith(open[2]!) && line.trim().replace(/[`~]/g, "") === "");
    if (end < 0) throw new Error(`unclosed code block at line ${index + 1}`);
    const markers: Record<string, string> = {};
    for (let at = end + 1; at < lines.length; at++) {
      const marker = MARKER.exec(lines[at]!);
      if (!marker) break;
      markers[marker[1]!] = marker[2]!;
    }
    fences.push({ language: open[3]!, text: lines.slice(index + 1, end).join("\n"), start: index, end, markers });
    index = end;
  }
  return fences;
}

/** The lines with every fenced block blanked out. */
function linesOutsideFences(markdown: string): string[] {
  const lines = markdown.split("\n");
  for (const fence of fencesOf(markdown)) lines.fill("", fence.start, fence.end + 1);
  return lines;
}

/** The text outside fenced blocks and inline code spans, where links are links. */
function proseOf(markdown: string): string {
  return linesOutsideFences(markdown).join("\n").replace(/`[^`\n]*`/g, "");
}

/** Every inline link's target, `[text](target)`. */
export function linksOf(markdown: string): string[] {
  return [...proseOf(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
}

/** The anchors of the headings, as GitHub makes them: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of linesOutsideFences(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
