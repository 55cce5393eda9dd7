import sharp, { type Sharp } from "sharp";

/**
 * A picture with detail at every scale, as a photo has: shapes from a coarse random field and
 * grain on top. Flat colour compresses unlike a photo (its AVIF can come out larger than its
 * WebP, and is then not kept), so tests of what a photo becomes start from this.
 */
export async function photoLike(width: number, height: number): Promise<Sharp> {
  const field = (w: number, h: number, sigma: number) => sharp({ create: { width: w, height: h, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma } } });
  const coarse = await field(Math.ceil(width / 50), Math.ceil(height / 50), 80).resize(width, height, { kernel: "cubic" }).raw().toBuffer();
  const grain = await field(width, height, 10).raw().toBuffer();
  const mixed = Buffer.alloc(coarse.length);
  for (let i = 0; i < mixed.length; i++) mixed[i] = Math.max(0, Math.min(255, coarse[i]! + grain[i]! - 128));
  return sharp(mixed, { raw: { width, height, channels: 3 } });
}
