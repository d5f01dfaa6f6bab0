import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The README is a door and docs/ the manual (issue 27): the README stays short and opens with the
 * two commands for a fresh machine, every relative link of the Markdown lands on a file and, with
 * an anchor, on one of its headings, and nothing points outside the repository.
 */
const root = process.cwd();
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

function markdownFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(rel);
    return entry.name.endsWith(".md") ? [rel] : [];
  });
}

/** Lines outside fenced code blocks: a `#` or `[x](y)` inside a code sample is not Markdown. */
function prose(text: string): string[] {
  let fenced = false;
  return text.split("\n").filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    return !fenced && !/^\s*(```|~~~)/.test(line);
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of prose(text)) {
    const heading = /^#{1,6} (.+)$/.exec(line);
    if (!heading) continue;
    const slug = heading[1].trim().toLowerCase().replace(/`/g, "").replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n ? `${slug}-${n}` : slug);
  }
  return out;
}

const documents = ["README.md", ...markdownFiles("docs")];

describe("README.md", () => {
  const readme = read("README.md");

  it("is at most 250 lines", () => {
    expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(250);
  });

  it("begins, under its title, with the two commands for a fresh machine", () => {
    const lines = readme.split("\n");
    expect(lines[0]).toMatch(/^# /);
    const start = lines.findIndex((line, i) => i > 0 && line.trim() !== "");
    expect(lines[start]).toBe("```sh");
    const commands = lines.slice(start + 1, lines.indexOf("```", start + 1)).map((line) => line.replace(/\s+#.*$/, ""));
    expect(commands).toEqual(["npm install && npm run dev", "npm install && npm test"]);
  });
});

describe("links in README.md and docs/", () => {
  it.each(documents)("%s: every relative link reaches a file, and a heading when it names one", (file) => {
    const broken: string[] = [];
    for (const line of prose(read(file))) {
      for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("/")) continue;
        const [filePart, anchor] = target.split("#");
        const resolved = filePart ? path.normalize(path.join(path.dirname(file), filePart)) : file;
        let isFile = false;
        try {
          isFile = statSync(path.join(root, resolved)).isFile();
        } catch {
          broken.push(`${target} (no such file)`);
          continue;
        }
        if (!isFile) broken.push(`${target} (not a file)`);
        else if (anchor && resolved.endsWith(".md") && !anchors(read(resolved)).has(anchor)) broken.push(`${target} (no heading #${anchor})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("the decisions index lists every area file, which the OpenAPI description reads in its order", () => {
    const listed = [...read("docs/decisions/README.md").matchAll(/^- \[[^\]]*\]\(([\w.-]+\.md)\)/gm)].map((m) => m[1]).sort();
    const files = readdirSync(path.join(root, "docs/decisions")).filter((name) => name.endsWith(".md") && name !== "README.md").sort();
    expect(listed).toEqual(files);
  });
});

describe("the repository", () => {
  const skipped = new Set(["node_modules", ".git", ".data", "test-results", "playwright-report"]);
  function files(dir: string): string[] {
    return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      if (skipped.has(entry.name) || entry.name.startsWith(".next")) return [];
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) return files(rel);
      return /\.(md|ts|tsx|mts|mjs|cjs|js|json|yml|yaml|sh)$|^Dockerfile$|^run$/.test(entry.name) ? [rel] : [];
    });
  }

  it("points at nothing outside itself: not the old shared folder, nor the design file docs/architecture.md replaced", () => {
    // Spelt in two pieces so that this file does not find itself.
    const outside = ["../" + "shared/", "DESIGN" + ".md"];
    const citing = files(".").filter((file) => file !== "package-lock.json" && outside.some((s) => read(file).includes(s)));
    expect(citing).toEqual([]);
  });
});
