// PIX "copia e cola": an EMV QR Code (BR Code) payload as the Banco Central specifies it:
// ID-length-value fields, then field 63 with the CRC16-CCITT (poly 0x1021, init 0xFFFF).

const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`

export function crc16(payload: string): string {
  let crc = 0xffff
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

/** Names in the BR Code are plain ASCII, upper case, within their field's length. */
const ascii = (text: string, max: number) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .toUpperCase()
    .slice(0, max)

export function pixCopyPaste(input: {
  key: string
  amountCents: number
  merchantName: string
  merchantCity: string
  txid: string
}): string {
  const account = field('00', 'br.gov.bcb.pix') + field('01', input.key)
  const txid = input.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***'
  const body =
    field('00', '01') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    field('54', (input.amountCents / 100).toFixed(2)) +
    field('58', 'BR') +
    field('59', ascii(input.merchantName, 25)) +
    field('60', ascii(input.merchantCity, 15)) +
    field('62', field('05', txid)) +
    '6304'
  return body + crc16(body)
}

/** Reads the fields back (used to check a code, and by tests). */
export function parseEmv(payload: string): Map<string, string> {
  const fields = new Map<string, string>()
  let at = 0
  while (at + 4 <= payload.length) {
    const id = payload.slice(at, at + 2)
    const length = Number(payload.slice(at + 2, at + 4))
    fields.set(id, payload.slice(at + 4, at + 4 + length))
    at += 4 + length
  }
  return fields
}

export function isValidPixPayload(payload: string): boolean {
  return payload.length > 8 && crc16(payload.slice(0, -4)) === payload.slice(-4)
}
