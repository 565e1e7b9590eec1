import { describe, expect, it } from 'vitest';
import {
  ACCEPT_ATTRIBUTE,
  FILE_TOO_LARGE_MESSAGE,
  INVALID_FILE_TYPE_MESSAGE,
  MAX_FILE_BYTES,
  checkFile,
  contentTypeFor,
  isAllowedFileType,
  parseUploadKey,
  sanitiseFileName,
  shortenFileName,
  uploadKey,
} from '../../shared/uploads.js';

const PROJECT = '01JH0000000000000000000000';
const FILE = '01JH0000000000000000000001';

describe('upload rules (shared by the SPA and the API)', () => {
  it.each([
    ['photo.jpg', 'image/jpeg'],
    ['photo.JPEG', 'image/jpeg'],
    ['photo.jpg', 'image/jpg'],
    ['plan.png', 'image/png'],
    ['anim.gif', 'image/gif'],
    ['render.webp', 'image/webp'],
    ['set.pdf', 'application/pdf'],
    ['site.dwg', 'image/vnd.dwg'],
    ['site.dwg', 'application/acad'],
    ['site.dwg', 'application/x-dwg'],
    ['site.dwg', 'application/octet-stream'],
    ['budget.xls', 'application/vnd.ms-excel'],
    ['budget.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['spec.doc', 'application/msword'],
    ['spec.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['notes.txt', 'text/plain; charset=utf-8'],
    ['bundle.zip', 'application/zip'],
    ['bundle.zip', 'application/x-zip-compressed'],
  ])('accepts %s as %s', (name, type) => {
    expect(isAllowedFileType(name, type)).toBe(true);
  });

  it.each([
    ['setup.exe', 'application/octet-stream'],
    ['setup.exe', 'application/x-msdownload'],
    ['page.html', 'text/html'],
    ['image.svg', 'image/svg+xml'],
    ['evil.pdf', 'text/html'],
    ['evil.exe', 'image/png'],
    ['plan.pdf', 'application/octet-stream'],
    ['noextension', 'application/pdf'],
    ['movie.mp4', 'video/mp4'],
  ])('refuses %s as %s', (name, type) => {
    expect(isAllowedFileType(name, type)).toBe(false);
    expect(checkFile({ name, type, size: 10 })).toEqual({
      code: 'INVALID_FILE_TYPE',
      message: INVALID_FILE_TYPE_MESSAGE,
    });
  });

  it('limits files to 50 MB with the spec message', () => {
    expect(checkFile({ name: 'a.pdf', type: 'application/pdf', size: MAX_FILE_BYTES })).toBeNull();
    expect(checkFile({ name: 'a.pdf', type: 'application/pdf', size: MAX_FILE_BYTES + 1 })).toEqual({
      code: 'FILE_TOO_LARGE',
      message: FILE_TOO_LARGE_MESSAGE,
    });
    expect(FILE_TOO_LARGE_MESSAGE).toBe('File too large. Maximum size is 50MB.');
    expect(INVALID_FILE_TYPE_MESSAGE).toBe('Invalid file type. Please upload PDF, images, DWG, or document files.');
  });

  it('guesses the type from the extension only when the browser reports none', () => {
    expect(contentTypeFor('site.dwg', '')).toBe('image/vnd.dwg');
    expect(contentTypeFor('site.dwg', 'application/octet-stream')).toBe('application/octet-stream');
    expect(contentTypeFor('x.pdf', 'Application/PDF')).toBe('application/pdf');
    expect(contentTypeFor('mystery', '')).toBe('');
    expect(ACCEPT_ATTRIBUTE).toContain('.dwg');
    expect(ACCEPT_ATTRIBUTE).not.toContain('octet-stream');
  });

  it.each([
    ['../../x y?.pdf', '_.._x_y_.pdf'],
    ['..', 'file'],
    ['.htaccess', 'htaccess'],
    ['Floor plan (final) #2.pdf', 'Floor_plan__final___2.pdf'],
    ['C:\\Users\\me\\plan.pdf', 'C__Users_me_plan.pdf'],
    ['résumé.docx', 'r_sum_.docx'],
    ['a/b/c.txt', 'a_b_c.txt'],
    ['', 'file'],
  ])('sanitises %j to %j', (name, safe) => {
    expect(sanitiseFileName(name)).toBe(safe);
    expect(sanitiseFileName(name)).toMatch(/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/);
  });

  it('keeps long stored names under the limit with their extension', () => {
    const safe = sanitiseFileName(`${'x'.repeat(400)}.pdf`);
    expect(safe.length).toBe(150);
    expect(safe.endsWith('.pdf')).toBe(true);
  });

  it('shortens names over 30 characters in the display, keeping the extension', () => {
    expect(shortenFileName('short.pdf')).toBe('short.pdf');
    expect(shortenFileName('a'.repeat(30))).toBe('a'.repeat(30));
    const long = shortenFileName('Existing_conditions_survey_north_wing_2024.pdf');
    expect(long).toBe('Existing_conditions_surve….pdf');
    expect(long.length).toBe(30);
  });

  it('builds keys under the project folder and reads them back; anything else is refused', () => {
    const key = uploadKey(PROJECT, 'client_upload', FILE, '../../x y?.pdf');
    expect(key).toBe(`${PROJECT}/client/${FILE}-_.._x_y_.pdf`);
    expect(parseUploadKey(key)).toEqual({
      projectId: PROJECT,
      fileType: 'client_upload',
      fileId: FILE,
      fileName: '_.._x_y_.pdf',
    });
    expect(parseUploadKey(uploadKey(PROJECT, 'deliverable', FILE, 'Plan.pdf'))).toMatchObject({
      fileType: 'deliverable',
      fileName: 'Plan.pdf',
    });
    for (const bad of [
      `${PROJECT}/client/${FILE}-../x.pdf`,
      `${PROJECT}/client/${FILE}-.hidden`,
      `${PROJECT}/other/${FILE}-x.pdf`,
      `${PROJECT}/client/x.pdf`,
      `../${PROJECT}/client/${FILE}-x.pdf`,
      `${PROJECT}/client/${FILE}-x.pdf/..`,
    ]) {
      expect(parseUploadKey(bad), bad).toBeNull();
    }
  });
});
