import type { MaskPreset } from '../../lib/masked-input.tsx'

/**
 * The checkout's masked fields (SPEC section 5): the card, the address and the NFS-e's taker, each
 * in one place: a field is drawn with `{...MASKS.cpf}` and its label. The phone's mask is
 * `PhoneField`'s (lib/masked-input.tsx), on every page's first load.
 */
export const MASKS = {
  cpf: { mask: '000.000.000-00', placeholder: '000.000.000-00', autoComplete: 'off' },
  cep: { mask: '00000-000', placeholder: '00000-000', autoComplete: 'postal-code' },
  cardNumber: {
    mask: '0000 0000 0000 0000[000]',
    placeholder: '0000 0000 0000 0000',
    autoComplete: 'cc-number',
  },
  cardExpiry: { mask: '00/00', placeholder: 'MM/AA', autoComplete: 'cc-exp' },
  cvv: { mask: '000[0]', placeholder: '123', autoComplete: 'cc-csc' },
  /**
   * The CNPJ as it is written, 00.000.000/0000-00; the first twelve places take letters too (the
   * alphanumeric CNPJ of 2026), typed in either case and shown in capitals. The check digits stay
   * digits.
   */
  cnpj: {
    mask: 'XX.XXX.XXX/XXXX-00',
    definitions: { X: /[0-9A-Za-z]/ },
    prepareChar: (char: string) => char.toUpperCase(),
    placeholder: '00.000.000/0000-00',
    autoComplete: 'off',
    inputMode: 'text',
    autoCapitalize: 'characters',
  },
} as const satisfies Record<string, MaskPreset>
