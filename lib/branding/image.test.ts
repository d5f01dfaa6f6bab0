import { describe, expect, it } from "vitest";
import { inspectLogo, LOGO_MAX_BYTES, LOGO_MAX_PIXELS } from "./image";
import { HTML_PAGE, jpeg, png, SVG_WITH_SCRIPT } from "./test-images";

describe("inspectLogo: a logo is judged by its bytes", () => {
  it("reads a PNG's size from its IHDR and a JPEG's from its frame header", () => {
    expect(inspectLogo(png(120, 40))).toEqual({ type: "image/png", width: 120, height: 40 });
    expect(inspectLogo(jpeg(300, 200))).toEqual({ type: "image/jpeg", width: 300, height: 200 });
    // Progressive JPEG (SOF2), found after an APP0 segment it walks past.
    expect(inspectLogo(jpeg(64, 48, 0xc2))).toEqual({ type: "image/jpeg", width: 64, height: 48 });
  });

  it("does not take DHT (C4), a marker in the frame range, for a frame header", () => {
    const dht = Buffer.from([0xff, 0xc4, 0x00, 0x06, 0x00, 0x10, 0x20, 0x30]);
    const file = Buffer.concat([Buffer.from([0xff, 0xd8]), dht, jpeg(10, 20).subarray(2)]);
    expect(inspectLogo(file)).toEqual({ type: "image/jpeg", width: 10, height: 20 });
  });

  it("refuses SVG, naming it, and anything that is neither PNG nor JPEG", () => {
    expect(inspectLogo(SVG_WITH_SCRIPT)).toEqual({ problem: "svg" });
    expect(inspectLogo(Buffer.from(`\uFEFF  <svg xmlns="http://www.w3.org/2000/svg"></svg>`))).toEqual({ problem: "svg" });
    expect(inspectLogo(HTML_PAGE)).toEqual({ problem: "not_image" });
    expect(inspectLogo(Buffer.from("GIF89a\x01\x00\x01\x00"))).toEqual({ problem: "not_image" });
    expect(inspectLogo(Buffer.alloc(0))).toEqual({ problem: "not_image" });
  });

  it("refuses a truncated or lying header: signature without IHDR, JPEG without a frame, zero size", () => {
    expect(inspectLogo(png(10, 10).subarray(0, 20))).toEqual({ problem: "not_image" });
    const noIhdr = png(10, 10);
    noIhdr.write("IDAT", 12, "latin1");
    expect(inspectLogo(noIhdr)).toEqual({ problem: "not_image" });
    expect(inspectLogo(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toEqual({ problem: "not_image" });
    expect(inspectLogo(jpeg(10, 10).subarray(0, 24))).toEqual({ problem: "not_image" });
    expect(inspectLogo(png(0, 10))).toEqual({ problem: "not_image" });
  });

  it("takes a file of exactly the byte limit and refuses one byte more", () => {
    const atLimit = png(64, 64, { size: LOGO_MAX_BYTES });
    expect(atLimit.length).toBe(LOGO_MAX_BYTES);
    expect(inspectLogo(atLimit)).toEqual({ type: "image/png", width: 64, height: 64 });
    expect(inspectLogo(png(64, 64, { size: LOGO_MAX_BYTES + 1 }))).toEqual({ problem: "too_large", bytes: LOGO_MAX_BYTES + 1 });
  });

  it("takes exactly the pixel limit on each side and refuses one pixel more on either", () => {
    expect(inspectLogo(png(LOGO_MAX_PIXELS, LOGO_MAX_PIXELS))).toEqual({ type: "image/png", width: LOGO_MAX_PIXELS, height: LOGO_MAX_PIXELS });
    expect(inspectLogo(png(LOGO_MAX_PIXELS + 1, 10))).toEqual({ problem: "too_many_pixels", width: LOGO_MAX_PIXELS + 1, height: 10 });
    expect(inspectLogo(jpeg(10, LOGO_MAX_PIXELS + 1))).toEqual({ problem: "too_many_pixels", width: 10, height: LOGO_MAX_PIXELS + 1 });
    expect(inspectLogo(jpeg(LOGO_MAX_PIXELS, LOGO_MAX_PIXELS))).toEqual({ type: "image/jpeg", width: LOGO_MAX_PIXELS, height: LOGO_MAX_PIXELS });
  });
});
