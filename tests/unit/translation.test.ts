import { describe, expect, it } from 'vitest'
import { isLanguage, LANGUAGES } from '../../worker/domain/languages.ts'
import { htmlToText, textToHtml } from '../../worker/domain/translation.ts'

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
