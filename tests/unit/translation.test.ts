import { describe, expect, it } from 'vitest'
import { isLanguage, LANGUAGES } from '../../worker/domain/languages.ts'
import { spendQuota } from '../../worker/domain/limits.ts'
import { htmlToText, isPersonalPage, normaliseText, textToHtml } from '../../worker/domain/translation.ts'

describe('text through the translation service’s HTML format', () => {
  it.each([
    'Adicionado ao carrinho com sucesso!',
    'Erro <b>forte</b> & "aspas" \'simples\'',
    'primeira linha\nsegunda linha',
    'já & ção ü',
  ])('round-trips %j', (text) => {
    expect(htmlToText(textToHtml(text))).toBe(text)
  })

  it('decodes what the service writes: numeric and named entities, <br>, stray tags', () => {
    expect(htmlToText('It&#39;s &quot;ok&quot; &amp; &#x263A;<br/>next <i>line</i> &bogus;')).toBe(
      'It\'s "ok" & ☺\nnext line &bogus;',
    )
  })

  it('knows the three languages', () => {
    expect(LANGUAGES).toEqual(['pt-BR', 'en', 'es'])
    expect(isLanguage('en')).toBe(true)
    expect(isLanguage('fr')).toBe(false)
  })
})

describe('what the translation service may be asked for', () => {
  it('normalises a text: NFC, one space for any run of white space, none at the ends', () => {
    expect(normaliseText('  Acesso\n\tvascular  ')).toBe('Acesso vascular')
    expect(normaliseText('sessão'.normalize('NFD'))).toBe('sessão')
    expect(normaliseText('a\u00a0b')).toBe('a b')
    expect(normaliseText(' \n ')).toBe('')
  })

  it.each([
    ['/usuario/compras', true],
    ['/usuario', true],
    ['/admin/leads', true],
    ['/checkout/abc', true],
    ['/carrinho-de-compras', true],
    ['/pedido/12', true],
    ['/conta/confirmar-email', true],
    ['/', false],
    ['/cursos/hemodialise', false],
    ['/quem-somos', false],
    ['/usuarios-famosos', false],
  ])('%s is a personal page: %s', (path, personal) => {
    expect(isPersonalPage(path)).toBe(personal)
  })
})

describe('quotas: amounts spent over a fixed window from its first use', () => {
  const hour = 3600
  it.each([
    // [window before, now, amount, allowed, spent after]
    [null, 1_000, 400, true, 400],
    [{ start: 0, spent: 600 }, 1_000, 400, true, 1_000],
    [{ start: 0, spent: 601 }, 1_000, 400, false, 601],
    [{ start: 0, spent: 1_000 }, hour * 1000, 400, true, 400],
    [null, 1_000, 1_001, false, 0],
  ] as const)('%j at %d spending %d: allowed %s, then %d spent', (window, now, amount, allowed, spent) => {
    const result = spendQuota(window, now, amount, 1_000, hour)
    expect(result.verdict.allowed).toBe(allowed)
    expect(result.window.spent).toBe(spent)
  })

  it('a refusal says when the window ends', () => {
    expect(spendQuota({ start: 0, spent: 1_000 }, 600_000, 1, 1_000, hour).verdict).toEqual({
      allowed: false,
      retryAfterSeconds: 3000,
    })
  })
})
