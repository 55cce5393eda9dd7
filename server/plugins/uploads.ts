import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ERROR_CODES } from "../../lib/schemas/errors";
import { imageTooLarge, MAX_IMAGE_BYTES } from "../storage/images";
import { badRequest, HttpError } from "./errors";
import { assertNoNulCharacter } from "./validation";

// Multipart uploads (one image plus a few text fields). Registered per route scope, not on the
// whole app, so JSON routes never accept multipart bodies. The JSON body limit (1 MiB) does not
// apply here: files stop at 8 MB, text fields at 64 KB.

export async function registerUploads(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 8, fieldSize: 64 * 1024, parts: 10, headerPairs: 200 },
    throwFileSizeLimit: true,
  });
}

export interface UploadedForm {
  /** The one file, if any. */
  file: { field: string; filename: string; data: Buffer } | null;
  fields: Record<string, string>;
}

export const FIELD_TOO_LARGE_MESSAGE = "Un campo de texto del formulario supera 64 KB.";
export const MALFORMED_MULTIPART_MESSAGE = "El cuerpo multipart no es válido.";

const notMultipart = () =>
  new HttpError(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, "Envía la imagen como multipart/form-data.");

/**
 * Reads the whole form. `fileFields` are the accepted names of the file part (a file under any
 * other name is refused, so a typo is not silently ignored).
 */
export async function readUploadedForm(request: FastifyRequest, fileFields: readonly string[]): Promise<UploadedForm> {
  if (!request.isMultipart()) throw notMultipart();
  const form: UploadedForm = { file: null, fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (!fileFields.includes(part.fieldname)) {
          part.file.resume();
          throw badRequest(`El archivo debe enviarse en el campo ${fileFields.map((f) => `'${f}'`).join(" o ")}.`);
        }
        const data = await part.toBuffer();
        form.file = { field: part.fieldname, filename: part.filename, data };
      } else {
        // The parser cuts an over-long field silently; a cut value must not pass for the whole one.
        if (part.valueTruncated) throw new HttpError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, FIELD_TOO_LARGE_MESSAGE);
        form.fields[part.fieldname] = typeof part.value === "string" ? part.value : String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw imageTooLarge();
    if (error instanceof HttpError || typeof (error as { statusCode?: unknown }).statusCode === "number") throw error;
    // The parser's own errors ("Boundary not found", "Unexpected end of form"…) are plain Errors:
    // a malformed or cut-short body, the client's fault.
    throw badRequest(MALFORMED_MULTIPART_MESSAGE);
  }
  assertNoNulCharacter(form.fields);
  return form;
}
