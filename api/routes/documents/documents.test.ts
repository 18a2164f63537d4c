import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createApp } from '#api/app.ts';
import { asSystem } from '#api/seed/standards.ts';
import { SAME_ORIGIN, type TestApp, testApp } from '#api/test/helpers.ts';
import { DOCUMENT_MAX_BYTES, type Role } from '#schema/enums.ts';
import { ERR, MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

const text = (s: string) => new TextEncoder().encode(s);
const PDF = text('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);
const EXE = text('MZ\x90\x00\x03\x00\x00\x00\x04\x00');
const CFB = (() => {
  const bytes = new Uint8Array(1024);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return bytes;
})();
/** A one-entry zip archive (stored, no compression): the container of docx, xlsx and pptx. */
function zip(name: string, content: string): Uint8Array {
  const fileName = Buffer.from(name);
  const data = Buffer.from(content);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(fileName.length, 26);
  return new Uint8Array(Buffer.concat([header, fileName, data]));
}

let h: TestApp;
let emsId: string;
let fireId: string;

function form(file: { bytes: Uint8Array; name: string } | null, fields: Record<string, string> = {}) {
  const fd = new FormData();
  if (file) fd.append('file', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
  const all = {
    name: 'Airway policy',
    description: 'Current policy',
    type: 'Policy',
    programType: 'ems',
    isPublic: 'false',
    ...fields,
  };
  for (const [key, value] of Object.entries(all)) fd.append(key, value);
  return fd;
}
const pdf = (name = 'policy.pdf') => ({ bytes: PDF, name });
const upload = (role: Role | null, body: FormData, headers?: Record<string, string>) =>
  h.as(role, 'POST', '/api/documents', body, headers);
const uploaded = async (role: Role, body: FormData) => {
  const res = await upload(role, body);
  expect(res.status).toBe(201);
  return res.json() as Promise<{ id: string; name: string }>;
};
const storedFiles = () => {
  const dir = join(h.dataDir, 'documents');
  return existsSync(dir) ? readdirSync(dir) : [];
};
const listed = async (role: Role) =>
  (await (await h.as(role, 'GET', '/api/documents')).json()) as { id: string; name: string }[];

beforeEach(() => {
  h = testApp();
  emsId = h.program({ name: 'EMT Fall', type: 'ems' }, [
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
  ]).id;
  fireId = h.program({ name: 'FF I', type: 'fire' }).id;
  asSystem(h.db, 'fixture', (ctx) =>
    ctx.insert(t.students, {
      userId: h.users.student.id,
      firstName: 'Ana',
      lastName: 'Lopez',
      email: 'student@test.local',
      phone: '555-0100',
      studentCode: 'S-1',
      programId: emsId,
      enrollmentDate: '2026-01-10',
      expectedGraduation: '2026-12-15',
    }),
  );
});

// uploads are real files: leave no 25 MB test files behind
afterEach(() => rmSync(h.dataDir, { recursive: true, force: true }));

describe('POST /api/documents', () => {
  it('stores the file under a random name and answers the document', async () => {
    const res = await upload(
      'instructor',
      form(pdf('C:\\fakepath\\policy.pdf'), { isPublic: 'true', programId: emsId }),
    );
    expect(res.status).toBe(201);
    const doc = await res.json();
    expect(doc).toEqual({
      id: expect.any(String),
      name: 'Airway policy',
      description: 'Current policy',
      type: 'Policy',
      programType: 'ems',
      programId: emsId,
      isPublic: true,
      fileSize: PDF.byteLength,
      fileName: 'policy.pdf',
      mimeType: 'application/pdf',
      uploadedBy: h.users.instructor.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const files = storedFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await listed('instructor')).toEqual([doc]);
  });

  it('accepts each allowed kind whose content matches its extension', async () => {
    const cases = [
      { bytes: PNG, name: 'chart.png', mime: 'image/png' },
      { bytes: JPEG, name: 'scene.JPEG', mime: 'image/jpeg' },
      { bytes: JPEG, name: 'scene.jpg', mime: 'image/jpeg' },
      { bytes: CFB, name: 'old.doc', mime: 'application/msword' },
      { bytes: CFB, name: 'old.xls', mime: 'application/vnd.ms-excel' },
      {
        bytes: zip('[Content_Types].xml', '<Types/>'),
        name: 'new.docx',
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
      {
        bytes: zip('ppt/slide1.xml', '<p/>'),
        name: 'deck.pptx',
        mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      },
      { bytes: text('Shift notes\nline two\n'), name: 'notes.txt', mime: 'text/plain' },
    ];
    for (const c of cases) {
      const res = await upload('director', form(c));
      expect(res.status, c.name).toBe(201);
      expect((await res.json()).mimeType).toBe(c.mime);
    }
  });

  it('answers 400 with the spec messages for a missing file and metadata, storing nothing', async () => {
    const res = await upload('director', form(null, { name: '', type: 'Memo', programType: '' }));
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({
      file: MSG.fileRequired,
      name: MSG.documentNameRequired,
      type: MSG.documentTypeRequired,
      programType: MSG.programTypeRequired,
    });
    const noChoice = await upload('director', form({ bytes: new Uint8Array(0), name: '' }));
    expect((await noChoice.json()).fields).toEqual({ file: MSG.fileRequired });
    const badMeta = await upload('director', form(pdf(), { type: '' }));
    expect((await badMeta.json()).fields).toEqual({ type: MSG.documentTypeRequired });
    const notMultipart = await h.as('director', 'POST', '/api/documents', { name: 'x' });
    expect(notMultipart.status).toBe(400);
    expect((await notMultipart.json()).fields.file).toBe(MSG.fileRequired);
    expect(await listed('director')).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it('answers 415 for an extension outside the list or content that is not what its extension says', async () => {
    const refused = [
      { bytes: EXE, name: 'setup.exe' },
      { bytes: PNG, name: 'scan.pdf' },
      { bytes: PDF, name: 'photo.png' },
      { bytes: PDF, name: 'sheet.xlsx' },
      { bytes: zip('a.xml', '<a/>'), name: 'old.doc' },
      { bytes: text('a\u0000b'), name: 'notes.txt' },
      { bytes: PNG, name: 'notes.txt' },
      { bytes: PDF, name: 'no-extension' },
    ];
    for (const file of refused) {
      const res = await upload('director', form(file));
      expect(res.status, file.name).toBe(415);
      expect(await res.json()).toEqual({ error: ERR.unsupportedType });
    }
    expect(await listed('director')).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it('answers 413 for a file over 25 MB, by its Content-Length or its size, and accepts exactly 25 MB', async () => {
    const big = await upload(
      'director',
      form({ bytes: new Uint8Array(DOCUMENT_MAX_BYTES + 1).fill(0x61), name: 'big.txt' }),
    );
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: ERR.payloadTooLarge });
    // a body with no Content-Length is cut off while it streams in
    const streamed = await upload(
      'director',
      form({ bytes: new Uint8Array(DOCUMENT_MAX_BYTES + 200_000).fill(0x61), name: 'huge.txt' }),
    );
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ error: ERR.payloadTooLarge });
    const declared = await upload('director', form(pdf()), { 'content-length': String(DOCUMENT_MAX_BYTES * 2) });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: ERR.payloadTooLarge });
    expect(await listed('director')).toEqual([]);
    expect(storedFiles()).toEqual([]);

    const limit = await upload(
      'director',
      form({ bytes: new Uint8Array(DOCUMENT_MAX_BYTES).fill(0x61), name: 'limit.txt' }),
    );
    expect(limit.status).toBe(201);
    expect((await limit.json()).fileSize).toBe(DOCUMENT_MAX_BYTES);
  });

  it('refuses students before reading the body, and the signed out', async () => {
    const res = await upload('student', form(pdf()), { 'content-length': String(DOCUMENT_MAX_BYTES * 2) });
    expect(res.status).toBe(403);
    expect((await upload('student', form(pdf()))).status).toBe(403);
    expect((await upload(null, form(pdf()))).status).toBe(401);
    expect((await h.as(null, 'GET', '/api/documents')).status).toBe(401);
    expect(await listed('director')).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it('removes the stored file when the record is refused (unknown program, program of others)', async () => {
    const unknown = await upload('instructor', form(pdf(), { programId: 'nope' }));
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).fields).toEqual({ programId: 'Program not found' });
    expect((await upload('instructor', form(pdf(), { programId: fireId }))).status).toBe(403);
    expect(await listed('director')).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it('answers 503 and records nothing when the file cannot be stored', async () => {
    const blocker = join(h.dataDir, 'a-file');
    writeFileSync(blocker, 'not a folder');
    const broken = createApp({ db: h.db, dataDir: join(blocker, 'data'), demo: false });
    // the log is quiet in tests; this reads what an operator would see at the default level
    vi.stubEnv('LOG_LEVEL', 'info');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await broken.request('/api/documents', {
        method: 'POST',
        headers: { cookie: await h.login('director'), ...SAME_ORIGIN },
        body: form(pdf()),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: ERR.storageFailed });
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('ENOTDIR'));
    } finally {
      logged.mockRestore();
      vi.unstubAllEnvs();
    }
    expect(await listed('director')).toEqual([]);
  });
});

describe('who sees, downloads and deletes documents', () => {
  let docs: Record<'pub' | 'ems' | 'fire' | 'staff' | 'own', { id: string; name: string }>;

  beforeEach(async () => {
    docs = {
      pub: await uploaded('instructor', form(pdf(), { name: 'pub', isPublic: 'true', programType: 'general' })),
      ems: await uploaded('director', form(pdf(), { name: 'ems', programId: emsId })),
      fire: await uploaded('director', form(pdf(), { name: 'fire', programId: fireId, programType: 'fire' })),
      staff: await uploaded('director', form(pdf(), { name: 'staff' })),
      own: await uploaded('instructor', form(pdf(), { name: 'own', programId: emsId })),
    };
    // the instructor leaves the EMS program: their own upload stays visible to them, the director's does not
    asSystem(h.db, 'fixture', (ctx) => {
      const member = ctx.tx
        .select()
        .from(t.programMembers)
        .all()
        .find((m) => m.userId === h.users.instructor.id)!;
      ctx.remove(t.programMembers, member);
    });
  });

  it("lists public documents, those of the caller's programs, their own, and staff-only ones to staff", async () => {
    const names = async (role: Role) => (await listed(role)).map((d) => d.name).sort();
    expect(await names('director')).toEqual(['ems', 'fire', 'own', 'pub', 'staff']);
    expect(await names('administration')).toEqual(['ems', 'fire', 'own', 'pub', 'staff']);
    expect(await names('clinical_coordinator')).toEqual(['ems', 'fire', 'own', 'pub', 'staff']);
    expect(await names('preceptor')).toEqual(['ems', 'own', 'pub', 'staff']);
    expect(await names('instructor')).toEqual(['own', 'pub', 'staff']);
    expect(await names('student')).toEqual(['ems', 'own', 'pub']);
  });

  it('downloads the exact bytes under the original name, only for those who may see the document', async () => {
    const name = 'Übung – plan (v2).pdf';
    const doc = await uploaded('preceptor', form({ bytes: PDF, name }, { programId: emsId }));
    const res = await h.as('student', 'GET', `/api/documents/${doc.id}/download`);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="_bung _ plan (v2).pdf"; filename*=UTF-8''%C3%9Cbung%20%E2%80%93%20plan%20%28v2%29.pdf`,
    );

    for (const hidden of [docs.fire, docs.staff]) {
      expect((await h.as('student', 'GET', `/api/documents/${hidden.id}/download`)).status).toBe(404);
    }
    expect((await h.as('instructor', 'GET', `/api/documents/${docs.ems.id}/download`)).status).toBe(404);
    expect((await h.as('director', 'GET', '/api/documents/unknown/download')).status).toBe(404);
    expect((await h.as(null, 'GET', `/api/documents/${docs.pub.id}/download`)).status).toBe(401);
  });

  it('lets the uploader, director and administration delete; the file stays on disk', async () => {
    expect((await h.as('preceptor', 'DELETE', `/api/documents/${docs.ems.id}`)).status).toBe(403);
    expect((await h.as('clinical_coordinator', 'DELETE', `/api/documents/${docs.own.id}`)).status).toBe(403);
    expect((await h.as('student', 'DELETE', `/api/documents/${docs.pub.id}`)).status).toBe(403);
    expect((await h.as('student', 'DELETE', `/api/documents/${docs.fire.id}`)).status).toBe(404);
    expect((await h.as('instructor', 'DELETE', `/api/documents/${docs.ems.id}`)).status).toBe(404);
    expect((await h.as(null, 'DELETE', `/api/documents/${docs.pub.id}`)).status).toBe(401);
    expect(await listed('director')).toHaveLength(5);

    const res = await h.as('instructor', 'DELETE', `/api/documents/${docs.own.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: docs.own.id });
    expect((await h.as('administration', 'DELETE', `/api/documents/${docs.fire.id}`)).status).toBe(200);
    expect((await listed('director')).map((d) => d.name).sort()).toEqual(['ems', 'pub', 'staff']);
    expect((await h.as('director', 'GET', `/api/documents/${docs.fire.id}/download`)).status).toBe(404);
    expect((await h.as('director', 'DELETE', `/api/documents/${docs.fire.id}`)).status).toBe(404);
    expect(storedFiles()).toHaveLength(5);
  });
});
