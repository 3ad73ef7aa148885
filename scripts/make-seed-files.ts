// Writes the demo proceedings (anais) as small, valid one-page PDFs under web/public/arquivos/,
// shipped with the repo: /files/{key} falls back to them while R2 has no such object. The demo
// course material and e-books go under web/public/conteudo-demo/, a path only the Worker answers
// (never served as a static file): off production, the signed downloads fall back to them.
import { mkdir, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { EBOOK_ROWS } from '../db/seed-data/catalog.ts'
import { PROCEEDING_ROWS } from '../db/seed-data/pages.ts'
import { MATERIAL_ROWS } from '../db/seed-data/student.ts'
import { INSTITUTE } from '../worker/domain/institute.ts'

const out = fileURLToPath(new URL('../web/public/arquivos/', import.meta.url))
const privateOut = fileURLToPath(new URL('../web/public/conteudo-demo/', import.meta.url))

async function write(path: string, lines: string[]) {
  await mkdir(path.slice(0, path.lastIndexOf('/')), { recursive: true })
  await writeFile(path, onePagePdf(lines))
}

/** PDF strings are Latin-1 with the standard fonts: accents survive, other characters do not. */
const pdfText = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`).replace(/[^\x20-\xff]/g, '-')

export function onePagePdf(lines: string[]): Uint8Array {
  const content = [
    'BT',
    '/F1 20 Tf',
    '56 770 Td',
    ...lines.flatMap((line, index) => [index === 1 ? '/F1 12 Tf' : '', `(${pdfText(line)}) Tj`, '0 -28 Td']),
    'ET',
  ]
    .filter(Boolean)
    .join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new Uint8Array(Buffer.from(body, 'latin1'))
}

if (import.meta.main) {
  for (const row of PROCEEDING_ROWS) {
    const path = `${out}${row.fileKey}`
    await mkdir(path.slice(0, path.lastIndexOf('/')), { recursive: true })
    await writeFile(
      path,
      onePagePdf([
        row.title,
        `${INSTITUTE.fullName} — Curitiba, ${row.year}`,
        'Arquivo de demonstração: os anais completos são publicados pelo instituto.',
        (row.description ?? '').slice(0, 90),
      ]),
    )
    console.log(`escrito ${row.fileKey}`)
  }
  for (const row of MATERIAL_ROWS) {
    await write(`${privateOut}${row.fileKey}`, [
      row.title,
      `${INSTITUTE.fullName} — material do curso`,
      'Arquivo de demonstração: o material completo é publicado pelo instituto.',
      'Uso pessoal do aluno matriculado. Não compartilhe.',
    ])
    console.log(`escrito conteudo-demo/${row.fileKey}`)
  }
  for (const row of EBOOK_ROWS) {
    await write(`${privateOut}${row.fileKey}`, [
      row.title,
      `${INSTITUTE.fullName} — e-book`,
      'Arquivo de demonstração: a edição completa é publicada pelo instituto.',
      (row.description ?? '').slice(0, 90),
    ])
    console.log(`escrito conteudo-demo/${row.fileKey}`)
  }
}
