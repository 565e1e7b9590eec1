import { crc32, deflateSync } from 'node:zlib';

/**
 * Small, valid drawings for the review tests, made in the test: a PDF plan set of `pages` pages
 * (a room outline and a title on each, Helvetica) and a PNG sketch.
 */
export function planSetPdf(pages: number, title = 'Plan set'): Buffer {
  const objects: string[] = [];
  const pageIds = Array.from({ length: pages }, (_, index) => 4 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pageIds.forEach((id, index) => {
    const stream = [
      '0.85 0.9 1 rg 72 200 468 420 re f',
      '0 0 0 RG 3 w 72 200 468 420 re S',
      '1.5 w 306 200 m 306 620 l S 72 410 m 540 410 l S',
      `0.1 0.15 0.25 rg BT /F1 24 Tf 72 680 Td (${title} - sheet A-${index + 1}) Tj ET`,
      `BT /F1 12 Tf 72 170 Td (Page ${index + 1} of ${pages}) Tj ET`,
    ].join('\n');
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> ` +
      `/Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`;
  });
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(body);
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A `width` × `height` RGB PNG: a pale sheet with a dark room outline and a cross wall. */
export function sketchPng(width = 480, height = 320): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const edge = x < 24 || x >= width - 24 || y < 24 || y >= height - 24;
      const wall =
        (x >= 40 && x <= 44) ||
        (x >= width - 44 && x <= width - 40) ||
        (y >= 40 && y <= 44) ||
        (y >= height - 44 && y <= height - 40) ||
        (x >= width / 2 - 2 && x <= width / 2 + 2 && y > 40 && y < height - 40);
      const inside = x >= 40 && x <= width - 40 && y >= 40 && y <= height - 40;
      const [r, g, b] = wall && inside ? [30, 41, 59] : edge ? [255, 255, 255] : [224, 231, 255];
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
