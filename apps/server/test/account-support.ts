import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';

/** A multipart body as a browser's FormData would send it. */
export async function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type: string; field?: string },
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file)
    form.append(file.field ?? 'profilePicture', new Blob([file.data], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

let ipCounter = 0;
/** A distinct client address per call, so the per-IP send quota does not couple unrelated tests. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let phoneCounter = 0;
/** Unique 10-digit numbers starting with 8 (factories use 7, e2e uses 6). */
export function freshPhone(): string {
  phoneCounter += 1;
  return `8${String((Date.now() % 100_000) * 10_000 + phoneCounter)
    .padStart(9, '0')
    .slice(-9)}`;
}

export async function sendOtp(
  app: FastifyInstance,
  kind: 'signup' | 'login',
  phNo: unknown,
  remoteAddress = freshIp(),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/students/${kind}-send-otp`,
    payload: { phNo },
    remoteAddress,
  });
}

export async function outboxOtp(app: FastifyInstance, phNo: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?phNo=${phNo}` });
  if (res.statusCode !== 200) throw new Error(`outbox ${res.statusCode}: ${res.body}`);
  return (res.json() as { otp: string }).otp;
}

export const profileFields = {
  name: 'Asha Verma',
  place: 'Indore',
  school: 'Holkar Science College',
  class: 'Higher Secondary',
};

export async function postSignup(
  app: FastifyInstance,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type: string; field?: string },
): Promise<LightMyRequestResponse> {
  const body = await multipartBody(fields, file);
  return app.inject({ method: 'POST', url: '/api/students/signup', ...body });
}

/** Sign up through the real API (send code, dev outbox, multipart sign-up). */
export async function signUpViaApi(
  app: FastifyInstance,
  overrides: Record<string, string> = {},
  file?: { name: string; data: Buffer; type: string },
): Promise<{ accessToken: string; _id: string; phNo: string; profilePicUrl: string | null; role: string }> {
  const phNo = overrides.phNo ?? freshPhone();
  const sent = await sendOtp(app, 'signup', phNo);
  if (sent.statusCode !== 200) throw new Error(`send ${sent.statusCode}: ${sent.body}`);
  const otp = await outboxOtp(app, phNo);
  const res = await postSignup(app, { ...profileFields, ...overrides, phNo, otp }, file);
  if (res.statusCode !== 201) throw new Error(`signup ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** A real PNG of the given size (noise makes it large and incompressible when asked). */
export async function pngImage(width: number, height: number, noise = false): Promise<Buffer> {
  if (noise) {
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
    return sharp(raw, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
  }
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF (camera, GPS-like comment) that must not survive the upload. */
export async function jpegWithExif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'home at 18.52N 73.85E' } })
    .jpeg()
    .toBuffer();
}

export const authHeader = (token: string) => ({ authorization: `Bearer ${token}` });
