import { describe, expect, it } from 'vitest'
import {
  CONTACT_LABELS,
  invalidContactFields,
  invalidContactText,
  isContactPhone,
  isContactRecipient,
  isFullName,
} from '../../worker/domain/contact.ts'

const valid = { name: 'Ana Souza', email: 'ana@example.com', telefone: '(41) 3333-0101', descricao: '' }

describe('contact form rules (SPEC section 5)', () => {
  it.each([
    ['Ana Souza', true],
    ['José da Silva', true],
    ['Maria-Clara Ñúñez', true],
    ['Dr. João Pereira', true],
    ['  Ana   Souza  ', true],
    ['Ana', false],
    ['A Souza', false],
    ['Ana S.', false],
    ['Ana 2Souza', false],
    ["Ana D'Ávila", false],
    ['', false],
  ])('name %j → %s', (name, ok) => {
    expect(isFullName(name)).toBe(ok)
  })

  it.each([
    ['(41) 3333-0101', true],
    ['(41) 99876-5432', true],
    ['41998765432', true],
    ['41 99876 5432', true],
    ['(01) 3333-0101', false],
    ['(41) 333-0101', false],
    ['(41) 999876-5432', false],
    ['3333-0101', false],
  ])('phone %j → %s', (phone, ok) => {
    expect(isContactPhone(phone)).toBe(ok)
  })

  it('lists every failing field in the SPEC’s order; the description always passes', () => {
    expect(invalidContactFields(valid)).toEqual([])
    expect(invalidContactFields({ ...valid, descricao: '' })).toEqual([])
    expect(
      invalidContactFields({ name: 'Ana', email: 'ana@', telefone: '123', descricao: 'x'.repeat(9000) }),
    ).toEqual(['name', 'email', 'telefone'])
    expect(invalidContactFields({ ...valid, email: 'ana @example.com' })).toEqual(['email'])
  })

  it('shows the SPEC’s toast with the labels Nome, E-mail, Telefone, Descrição', () => {
    expect(invalidContactText(['name', 'telefone'])).toBe('Dados incorreto(s): Nome, Telefone')
    expect(Object.values(CONTACT_LABELS)).toEqual(['Nome', 'E-mail', 'Telefone', 'Descrição'])
  })

  it('accepts only the institute’s own addresses as recipients', () => {
    expect(isContactRecipient('contato@institutorenalis.com.br')).toBe(true)
    expect(isContactRecipient('ensino@institutorenalis.com.br')).toBe(true)
    expect(isContactRecipient('outra@example.com')).toBe(false)
    expect(isContactRecipient('contato@institutorenalis.com.br.example')).toBe(false)
  })
})
