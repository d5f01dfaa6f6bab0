import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_OPERATOR_NAME, OPERATOR_LOGO_MAX_BYTES, imageTypeOf, operatorDisplay, operatorResendSeconds } from "./display";

const dir = mkdtempSync(join(tmpdir(), "operator-logo-"));
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const file = (name: string, bytes: Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};
const saved = { ...process.env };
afterEach(() => {
  for (const k of ["OPERATOR_NAME", "OPERATOR_LOGO_PATH", "OPERATOR_HELP_FR", "OPERATOR_HELP_EN", "OPERATOR_RESEND_SECONDS"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe("operatorDisplay", () => {
  it("has a default name, no mark and built-in help in both languages when nothing is configured", () => {
    delete process.env.OPERATOR_NAME;
    delete process.env.OPERATOR_LOGO_PATH;
    const fr = operatorDisplay("fr");
    expect(fr).toMatchObject({ name: DEFAULT_OPERATOR_NAME, logo: null });
    expect(fr.help).toMatch(/menu mobile money/);
    expect(operatorDisplay("en").help).toMatch(/mobile money menu/);
  });

  it("reads the name and the help of each language from the environment", () => {
    process.env.OPERATOR_NAME = "  Orange  Money ";
    process.env.OPERATOR_HELP_FR = "Composez #144#, choisissez 5.";
    process.env.OPERATOR_HELP_EN = "Dial #144#, choose 5.";
    expect(operatorDisplay("fr")).toMatchObject({ name: "Orange Money", help: "Composez #144#, choisissez 5." });
    expect(operatorDisplay("en").help).toBe("Dial #144#, choose 5.");
  });

  it("serves a PNG mark as a data: URI, recognised by its content whatever its name", () => {
    process.env.OPERATOR_LOGO_PATH = file("mark.txt", png);
    expect(operatorDisplay("fr").logo).toBe(`data:image/png;base64,${png.toString("base64")}`);
  });

  it("shows no mark for an SVG (script can hide in it), a file past the size limit, or a missing file", () => {
    process.env.OPERATOR_LOGO_PATH = file("mark.png", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(operatorDisplay("fr").logo).toBeNull();
    process.env.OPERATOR_LOGO_PATH = file("at-limit.png", Buffer.concat([png, Buffer.alloc(OPERATOR_LOGO_MAX_BYTES - png.length)]));
    expect(operatorDisplay("fr").logo).toMatch(/^data:image\/png;base64,/);
    process.env.OPERATOR_LOGO_PATH = file("over-limit.png", Buffer.concat([png, Buffer.alloc(OPERATOR_LOGO_MAX_BYTES - png.length + 1)]));
    expect(operatorDisplay("fr").logo).toBeNull();
    process.env.OPERATOR_LOGO_PATH = join(dir, "absent.png");
    expect(operatorDisplay("fr").logo).toBeNull();
  });
});

describe("imageTypeOf", () => {
  it("knows PNG, JPEG and WebP by their first bytes, and nothing else", () => {
    expect(imageTypeOf(png)).toBe("image/png");
    expect(imageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(imageTypeOf(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(imageTypeOf(Buffer.from("GIF89a"))).toBeNull();
    expect(imageTypeOf(Buffer.alloc(0))).toBeNull();
  });
});

describe("operatorResendSeconds", () => {
  it("is 60 by default, 0 turns resends off, and a value that is not a number falls back to the default", () => {
    delete process.env.OPERATOR_RESEND_SECONDS;
    expect(operatorResendSeconds()).toBe(60);
    process.env.OPERATOR_RESEND_SECONDS = "0";
    expect(operatorResendSeconds()).toBe(0);
    process.env.OPERATOR_RESEND_SECONDS = "90";
    expect(operatorResendSeconds()).toBe(90);
    process.env.OPERATOR_RESEND_SECONDS = "-5";
    expect(operatorResendSeconds()).toBe(60);
  });
});
