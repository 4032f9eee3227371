import type { FastifyRequest } from 'fastify';
import { PROFILE_IMAGE_MAX_BYTES } from '@quizcast/contract/constants';
import { STUDENT_MESSAGES } from '@quizcast/contract/schemas/student';
import type { z } from 'zod';
import { badRequest, payloadTooLarge } from '../../lib/http-error';

/** Field names the spec uses for the uploaded photo. */
const PHOTO_FIELDS = new Set(['profilePicture', 'profilePic']);

export const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 2_000,
  fields: 20,
  fileSize: PROFILE_IMAGE_MAX_BYTES,
  files: 1,
  parts: 21,
  headerPairs: 100,
};

export interface ProfileForm<T> {
  fields: T;
  /** The uploaded photo's bytes (not yet checked), if one was chosen. */
  photo: Buffer | null;
}

function isError(err: unknown, code: string): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === code;
}

/**
 * Reads a sign-up or profile form: multipart (text fields + optional `profilePicture`) as the spec sends it,
 * or plain JSON without a photo. Text fields are validated with the contract schema, listing every message.
 */
export async function readProfileForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<ProfileForm<z.output<S>>> {
  const raw: Record<string, unknown> = {};
  let photo: Buffer | null = null;

  if (request.isMultipart()) {
    try {
      for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
        if (part.type === 'file') {
          if (!PHOTO_FIELDS.has(part.fieldname)) {
            part.file.resume();
            continue;
          }
          const data = await part.toBuffer();
          if (data.length > 0) photo = data;
        } else if (typeof part.value === 'string') {
          raw[part.fieldname] = part.value;
        }
      }
    } catch (err) {
      if (isError(err, 'FST_REQ_FILE_TOO_LARGE')) throw payloadTooLarge(STUDENT_MESSAGES.imageSize);
      if (isError(err, 'FST_FILES_LIMIT')) throw badRequest('Only one photo can be uploaded');
      if (isError(err, 'FST_FIELDS_LIMIT') || isError(err, 'FST_PARTS_LIMIT'))
        throw badRequest('Too many form fields');
      throw err;
    }
  } else if (request.body && typeof request.body === 'object') {
    Object.assign(raw, request.body);
  }

  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const messages = [...new Set(parsed.error.issues.map((i) => i.message))];
    throw badRequest(messages.length === 1 ? messages[0]! : messages);
  }
  return { fields: parsed.data, photo };
}
