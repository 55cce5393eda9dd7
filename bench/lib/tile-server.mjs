// Stand-in for the OpenStreetMap tile server, which this machine cannot reach: without it every
// map tile fails to load and Lighthouse counts those failures as console errors that a phone on a
// real network never sees. It answers every tile with a plain 256 px PNG over HTTPS (a throwaway
// self-signed certificate), on its own loopback address at port 443; Chromium is pointed at it
// with the flags this returns.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

const HOST = "tile.openstreetmap.org";
const ADDRESS = "127.0.0.43";

export async function startTileServer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-tiles-"));
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", `/CN=${HOST}`,
    "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")], { stdio: "ignore" });
  const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#e8eef0" } }).png().toBuffer();
  const server = https.createServer({ key: fs.readFileSync(path.join(dir, "key.pem")), cert: fs.readFileSync(path.join(dir, "cert.pem")) }, (req, res) => {
    res.writeHead(200, { "Content-Type": "image/png", "Content-Length": png.length, "Access-Control-Allow-Origin": "*", "Cache-Control": "max-age=86400" });
    res.end(png);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(443, ADDRESS, resolve);
  });
  return {
    chromeFlags: [`--host-resolver-rules=MAP ${HOST} ${ADDRESS}`, "--ignore-certificate-errors"],
    stop: () =>
      new Promise((resolve) => {
        server.close(() => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
