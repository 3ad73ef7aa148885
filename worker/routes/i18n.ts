import { z } from '@hono/zod-openapi'
import { TRANSLATION_TARGETS } from '../domain/languages.ts'
import { QUOTAS } from '../domain/limits.ts'
import { sandboxTranslationCalls, translateTexts } from '../services/i18n/translate.ts'
import { json, operation, routesOf } from './operation.ts'

/** Toasts are short; the page widget sends a page's texts in batches of at most 50. */
const TranslateInput = z
  .object({
    q: z
      .array(z.string().min(1, { error: 'Texto vazio.' }).max(2000, { error: 'Texto longo demais.' }))
      .min(1, { error: 'Informe ao menos um texto.' })
      .max(50, { error: 'No máximo 50 textos por pedido.' }),
    target: z.enum(TRANSLATION_TARGETS, { error: 'Idioma não suportado.' }),
  })
  .strict()

export const i18nRoutes = routesOf(
  operation({
    operationId: 'translateText',
    route: 'POST /api/translate',
    role: 'none',
    tags: ['Idiomas'],
    summary: 'Traduzir textos do próprio site (o widget de tradução da página, toasts)',
    description: `Só traduz textos que o site publica: nomes, resumos e descrições de cursos, turmas, produtos, pacotes, páginas, editais, e-books, anais, a vitrine, o menu e a programação da jornada (comparados depois de normalizados: NFC, espaços). Outro texto (um nome, um e-mail, uma mensagem) não vai ao serviço nem ao cache: volta \`null\`, e quando nenhum texto do pedido é do site a resposta é 422 (\`Só traduzimos textos publicados no site…\`). Cada texto aceito vem do KV \`TRANSLATIONS\` quando alguém já pediu; os demais vão ao serviço de tradução (Google Cloud Translation v2, \`format: html\`) numa única chamada, com a chave guardada no Worker, e contam nas cotas de caracteres (${QUOTAS.translationPerAddress.amount} por endereço por hora, ${QUOTAS.translationSite.amount} por dia no site: 429 acima delas). Localmente, sem chave, um tradutor de testes responde \`[EN] texto\`.`,
    body: TranslateInput,
    answers: json(
      200,
      z.object({ translations: z.array(z.string().nullable()) }),
      'Uma tradução por texto, na ordem; `null` para um texto que não é do site (fica em português).',
    ),
    limit: 'translation',
    run: async ({ ctx, input: { q, target } }) => ({
      translations: await translateTexts({ ctx, texts: q, target }),
    }),
  }),
  operation({
    operationId: 'getSandboxTranslatorStats',
    route: 'GET /api/dev/translate/stats',
    role: 'none',
    tags: ['Desenvolvimento'],
    summary: 'Quantas chamadas chegaram ao tradutor de testes (somente local)',
    answers: json(200, z.object({ calls: z.number().int() }), 'Chamadas desde que o Worker iniciou.'),
    offline: true,
    run: () => sandboxTranslationCalls(),
  }),
)
