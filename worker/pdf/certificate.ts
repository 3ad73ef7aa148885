/**
 * The certificate as a PDF (A4 landscape), drawn with pdf-lib in the PDF Worker (worker/pdf/index.ts,
 * decision 025): the fonts shipped in worker/assets/fonts (DejaVu Serif, embedded as subsets), the
 * signatory's signature picture when set (its bytes read from FILES by the site's Worker), and a QR
 * code of the verification address drawn as squares (no image).
 */
import fontkit from '@pdf-lib/fontkit'
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib'
import QRCode from 'qrcode'
import type { certificates } from '../../db/schema.ts'
import regularFont from '../assets/fonts/DejaVuSerif.ttf'
import boldFont from '../assets/fonts/DejaVuSerif-Bold.ttf'
import {
  A4_LANDSCAPE,
  type CertificateFont,
  fitBlock,
  LONGEST_NAME,
  layoutCertificate,
  type Measure,
  TEXT_WIDTH,
} from '../domain/certificate-layout.ts'
import { fillCertificateTemplate, hoursLabel, unprintableProblem } from '../domain/certificate-text.ts'
import { CERTIFICATE_KIND } from '../domain/certificates.ts'
import { INSTITUTE } from '../domain/institute.ts'
import { formatDateLong } from '../domain/long-date.ts'

const TEAL = rgb(0.06, 0.37, 0.45)
const INK = rgb(0.07, 0.2, 0.23)
const MUTED = rgb(0.3, 0.36, 0.4)

/** The largest size up to `size` at which `text` fits in `width` on one line. */
function fitting(text: string, font: PDFFont, size: number, width: number): number {
  const natural = font.widthOfTextAtSize(text, size)
  return natural <= width ? size : Math.max(6, (size * width) / natural)
}

function centered(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color = INK) {
  const width = font.widthOfTextAtSize(text, size)
  page.drawText(text, { x: (page.getWidth() - width) / 2, y, size, font, color })
}

/** The certificate's facts the PDF shows: its row as stored. */
export type CertificateFacts = Pick<
  typeof certificates.$inferSelect,
  | 'code'
  | 'kind'
  | 'title'
  | 'holderName'
  | 'body'
  | 'minutes'
  | 'startedOn'
  | 'completedOn'
  | 'issuedAt'
  | 'signatory'
>

/** What the site's Worker sends for one certificate's PDF. */
export type CertificatePdfRequest = {
  certificate: CertificateFacts
  /** The certificate's verification address (its QR code and the line under it). */
  verificationUrl: string
  /** The signatory's signature picture as stored in FILES (PNG or JPEG), or null. */
  signature: Uint8Array | null
}

/** The signature picture (PNG or JPEG), or null when absent or unreadable. */
async function signatureImage(pdf: PDFDocument, bytes: Uint8Array | null): Promise<PDFImage | null> {
  if (!bytes) return null
  try {
    if (bytes[0] === 0x89 && bytes[1] === 0x50) return await pdf.embedPng(bytes)
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return await pdf.embedJpg(bytes)
    return null
  } catch {
    return null
  }
}

function drawQrCode(page: PDFPage, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const cell = size / modules.size
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue
      page.drawRectangle({
        x: x + col * cell,
        y: y + size - (row + 1) * cell,
        width: cell,
        height: cell,
        color: INK,
      })
    }
  }
}

const measureWith =
  (fonts: Record<CertificateFont, PDFFont>): Measure =>
  (text, font, size) =>
    fonts[font].widthOfTextAtSize(text, size)

async function embedFonts(pdf: PDFDocument): Promise<Record<CertificateFont, PDFFont>> {
  pdf.registerFontkit(fontkit)
  const [regular, bold] = await Promise.all([
    pdf.embedFont(regularFont, { subset: true }),
    pdf.embedFont(boldFont, { subset: true }),
  ])
  return { regular, bold }
}

/** The course whose certificate text is checked. */
export type TemplateCourse = { name: string; workloadHours: number | null }

/**
 * Why a course's certificate text cannot be printed, or null (checked when the course is saved,
 * issue 39): filled with the longest name the rules allow, the course's name and long dates, it
 * must fit the page at the smallest body size, in characters the fonts draw.
 */
export async function certificateTemplateProblem(
  template: string,
  course: TemplateCourse,
): Promise<string | null> {
  if (template.trim() === '') return null
  const unprintable = unprintableProblem(template, 'O texto do certificado')
  if (unprintable) return unprintable
  const body = fillCertificateTemplate(template, 'course', {
    name: LONGEST_NAME,
    title: course.name,
    minutes: (course.workloadHours ?? 999) * 60 + 59,
    startedOn: '2026-09-28',
    completedOn: '2026-09-30',
  })
  const fonts = await embedFonts(await PDFDocument.create())
  const layout = layoutCertificate({ name: LONGEST_NAME, body }, measureWith(fonts))
  if (layout.fits) return null
  return 'O texto do certificado não cabe na página com um nome longo (até 120 letras): encurte-o.'
}

/** The certificate's PDF bytes. */
export async function certificatePdf({
  certificate,
  verificationUrl: address,
  signature,
}: CertificatePdfRequest): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const fonts = await embedFonts(pdf)
  const { regular, bold } = fonts
  const holder = certificate.holderName ?? 'Titular removido a pedido'
  pdf.setTitle(`Certificado ${certificate.code} — ${certificate.title}`)
  pdf.setAuthor(INSTITUTE.fullName)
  pdf.setSubject(`${CERTIFICATE_KIND.labels[certificate.kind]}: ${certificate.title}`)
  pdf.setLanguage('pt-BR')
  pdf.setCreationDate(certificate.issuedAt)

  const page = pdf.addPage([A4_LANDSCAPE.width, A4_LANDSCAPE.height])
  const { width, height } = page.getSize()
  page.drawRectangle({
    x: 24,
    y: 24,
    width: width - 48,
    height: height - 48,
    borderColor: TEAL,
    borderWidth: 3,
  })
  page.drawRectangle({
    x: 32,
    y: 32,
    width: width - 64,
    height: height - 64,
    borderColor: TEAL,
    borderWidth: 0.8,
  })

  centered(page, INSTITUTE.fullName.toUpperCase(), height - 82, bold, 13, TEAL)
  centered(page, 'CERTIFICADO', height - 140, bold, 40, TEAL)
  centered(page, CERTIFICATE_KIND.labels[certificate.kind], height - 166, regular, 15, MUTED)
  const measure = measureWith(fonts)
  const layout = layoutCertificate({ name: holder, body: certificate.body }, measure)
  layout.name.lines.forEach((line, i) => {
    centered(page, line, layout.name.baselines[i] ?? 0, bold, layout.name.size, INK)
  })
  layout.body.lines.forEach((line, i) => {
    centered(page, line, layout.body.baselines[i] ?? 0, regular, layout.body.size)
  })
  const facts = [
    `Carga horária: ${hoursLabel(certificate.minutes)}`,
    certificate.startedOn && certificate.startedOn !== certificate.completedOn
      ? `Período: ${formatDateLong(certificate.startedOn)} a ${formatDateLong(certificate.completedOn)}`
      : `Conclusão: ${formatDateLong(certificate.completedOn)}`,
  ].join('   ·   ')
  centered(page, facts, layout.factsBaseline, regular, fitting(facts, regular, 12, TEXT_WIDTH), MUTED)

  // The signatory, bottom left.
  const signatory = certificate.signatory
  const signX = 90
  const lineY = 130
  if (signatory) {
    const image = await signatureImage(pdf, signature)
    if (image) {
      const scaled = image.scaleToFit(220, 60)
      page.drawImage(image, { x: signX + (240 - scaled.width) / 2, y: lineY + 4, ...scaled })
    }
    page.drawLine({
      start: { x: signX, y: lineY },
      end: { x: signX + 240, y: lineY },
      thickness: 0.8,
      color: INK,
    })
    // Under the signature's line, the name then the role, each shrunk (or wrapped) to its width.
    let y = lineY - 16
    for (const [text, font, largest, smallest, color] of [
      [signatory.name, 'bold', 12, 8, INK],
      [signatory.role, 'regular', 10, 7, MUTED],
    ] as const) {
      const block = fitBlock(text, measure, font, { largest, smallest, width: 240 })
      for (const line of block.lines) {
        const drawn = fonts[font]
        const x = signX + (240 - drawn.widthOfTextAtSize(line, block.size)) / 2
        page.drawText(line, { x, y, size: block.size, font: drawn, color })
        y -= block.size * 1.25
      }
      y -= 2
    }
  }
  page.drawText(`Curitiba, ${formatDateLong(certificate.completedOn)}`, {
    x: signX,
    y: 66,
    size: 10,
    font: regular,
    color: MUTED,
  })

  // The verification, bottom right: the QR code of the address, the code and the address.
  const qrSize = 96
  const qrX = width - 90 - qrSize
  drawQrCode(page, address, qrX, 96, qrSize)
  const codeText = `Código: ${certificate.code}`
  page.drawText(codeText, {
    x: qrX + qrSize - bold.widthOfTextAtSize(codeText, 11),
    y: 80,
    size: 11,
    font: bold,
    color: INK,
  })
  const verifyText = `Verifique em ${address}`
  const verifySize = fitting(verifyText, regular, 9, 360)
  page.drawText(verifyText, {
    x: qrX + qrSize - regular.widthOfTextAtSize(verifyText, verifySize),
    y: 66,
    size: verifySize,
    font: regular,
    color: MUTED,
  })
  return pdf.save()
}
