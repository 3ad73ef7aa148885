import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { CART_HASH_KEY } from '../../web/src/features/cart/cart-storage.ts'
import { PrivacySection } from '../../web/src/features/profile/privacy-section.tsx'
import { CourseContentPage } from '../../web/src/features/student/course-content-page.tsx'
import { MyEbooksPage } from '../../web/src/features/student/my-ebooks-page.tsx'
import { PurchaseDetailPage } from '../../web/src/features/student/purchase-detail-page.tsx'
import { PurchasesPage } from '../../web/src/features/student/purchases-page.tsx'
import { ConfirmProvider } from '../../web/src/lib/confirm.tsx'
import type { HeldCertificate, MyCertificates } from '../../worker/contract/certificates.ts'
import {
  type EbookLibrary,
  type Purchase,
  type StudentCourse,
  WITHDRAWAL_MESSAGES,
} from '../../worker/contract/student.ts'
import type { LessonStudy, StudyStanding } from '../../worker/contract/study.ts'
import { STUDENT, toastTitle } from '../support/web/auth-fixtures.tsx'
import { IN_GOOD_STANDING } from '../support/web/certificate-fixtures.ts'
import { stubFetch } from '../support/web/checkout-fixtures.tsx'
import { pageAt, renderRoutes } from '../support/web/render.tsx'

const ORDER = `ped_${'1'.repeat(32)}`
const EXPIRED = `ped_${'2'.repeat(32)}`
const PIX_ORDER = `ped_${'3'.repeat(32)}`

function renderAt(ui: ReactNode, url = '/') {
  return renderRoutes(
    (root) => [pageAt(root, '/', ui), pageAt(root, '/carrinho-de-compras', <h1>Carrinho de compras</h1>)],
    { at: url, after: <ConfirmProvider /> },
  )
}

const purchase = (overrides: Partial<Purchase>): Purchase => ({
  order_id: ORDER,
  created_at: '2026-10-05T17:12:00.000Z',
  status: 'paid',
  payment_type: 'CREDIT_CARD',
  instalments: 3,
  instalment_value: 34856,
  total: 104568,
  refunded_cents: 0,
  items: [{ name: 'Hemodiálise para Enfermagem — Comece agora', net_value: 100000 }],
  boleto: null,
  pix: null,
  can_reissue: false,
  student_document: null,
  underpaid: null,
  gift: null,
  withdrawal: null,
  invoice: null,
  ...overrides,
})

describe('Minhas compras', () => {
  it('shows each order’s date, items, payment, total and state; a pending PIX reopens; an expired boleto is issued again', async () => {
    const { requests } = stubFetch({
      '/api/usuario/compras': {
        body: [
          purchase({
            order_id: PIX_ORDER,
            created_at: '2026-11-20T13:00:00.000Z',
            status: 'pending',
            payment_type: 'PIX',
            instalments: 1,
            total: 49000,
            pix: {
              code: '00020126580014BR.GOV.BCB.PIX0136pix@teste6304ABCD',
              expires_at: '2099-01-01T00:00:00.000Z',
            },
          }),
          purchase({
            order_id: EXPIRED,
            created_at: '2026-11-10T19:20:00.000Z',
            status: 'expired',
            payment_type: 'BOLETO',
            instalments: 1,
            total: 18900,
            can_reissue: true,
          }),
          purchase({}),
        ],
      },
      [`/api/usuario/compras/${EXPIRED}/novo-pagamento`]: { body: {} },
    })
    const user = userEvent.setup()
    renderAt(<PurchasesPage />)
    const cards = await screen.findAllByRole('article')
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Pedido de 20 de novembro de 2026',
      'Pedido de 10 de novembro de 2026',
      'Pedido de 5 de outubro de 2026',
    ])
    expect(within(cards[2]!).getByText('Cartão de crédito em 3x de R$ 348,56')).toBeTruthy()
    expect(within(cards[2]!).getByText('pago')).toBeTruthy()
    expect(within(cards[2]!).getByText('R$ 1.045,68')).toBeTruthy()
    expect(within(cards[0]!).getByLabelText('PIX copia e cola')).toBeTruthy()
    expect(within(cards[0]!).getByText('aguardando pagamento')).toBeTruthy()
    expect(within(cards[1]!).getByText('expirado')).toBeTruthy()
    await user.click(within(cards[1]!).getByRole('button', { name: 'Gerar novo boleto' }))
    expect(await screen.findByText(toastTitle('Novo boleto gerado.'))).toBeTruthy()
    expect(requests(`/api/usuario/compras/${EXPIRED}/novo-pagamento`)[0]!.method).toBe('POST')
    expect(
      within(cards[2]!)
        .getByRole('link', { name: /Ver detalhes do pedido/ })
        .getAttribute('href'),
    ).toBe(`/usuario/compras/${ORDER}`)
  })

  it('a boleto paid short says what arrived and what is missing, and pays the difference by PIX or boleto', async () => {
    const { requests } = stubFetch({
      '/api/usuario/compras': {
        body: [
          purchase({
            status: 'underpaid',
            payment_type: 'BOLETO',
            instalments: 1,
            total: 49000,
            underpaid: { received: 40000, missing: 9000, can_pay_difference: true },
          }),
        ],
      },
      [`/api/usuario/compras/${ORDER}/diferenca`]: { body: {} },
    })
    const user = userEvent.setup()
    renderAt(<PurchasesPage />)
    const [card] = await screen.findAllByRole('article')
    expect(within(card!).getByText('pago a menor')).toBeTruthy()
    expect(
      within(card!).getByText('Boleto pago a menor: recebemos R$ 400,00 de R$ 490,00; faltam R$ 90,00.'),
    ).toBeTruthy()
    expect(within(card!).getByText(/A inscrição é confirmada quando a diferença chegar/)).toBeTruthy()
    expect(within(card!).queryByRole('button', { name: /Solicitar reembolso/ })).toBeNull()
    await user.click(within(card!).getByRole('button', { name: 'Pagar a diferença por boleto' }))
    expect(await screen.findByText(toastTitle('Boleto da diferença gerado.'))).toBeTruthy()
    expect(requests(`/api/usuario/compras/${ORDER}/diferenca`)[0]).toMatchObject({
      method: 'POST',
      body: { payment_type: 'BOLETO' },
    })
  })

  it('the right of withdrawal: asked with a reason within 7 days; past them, the date and why; a refusal, its answer', async () => {
    const withdrawal = {
      ends_at: '2026-11-27T15:00:00.000Z',
      at_once: true,
      reason: null,
      requested_at: null,
      answer: null,
      decided_at: null,
    }
    const { requests } = stubFetch({
      '/api/usuario/compras': {
        body: [
          purchase({
            order_id: PIX_ORDER,
            gift: { name: 'Ana Souza', email: 'ana@example.com' },
            withdrawal: { ...withdrawal, state: 'available' },
          }),
          purchase({ order_id: EXPIRED, withdrawal: { ...withdrawal, state: 'expired' } }),
          purchase({
            withdrawal: {
              ...withdrawal,
              state: 'refused',
              at_once: false,
              answer: 'A turma começou e a vaga foi usada.',
            },
          }),
        ],
      },
      [`/api/usuario/compras/${PIX_ORDER}/reembolso`]: {
        body: {
          order_id: PIX_ORDER,
          status: 'refunded',
          withdrawal: { ...withdrawal, state: 'approved' },
          awaiting_provider: false,
          message: 'Estorno confirmado pela operadora.',
        },
      },
    })
    const user = userEvent.setup()
    renderAt(<PurchasesPage />)
    const cards = await screen.findAllByRole('article')
    expect(within(cards[0]!).getByText('Ana Souza (ana@example.com)')).toBeTruthy()
    expect(
      within(cards[0]!).getByText(/Você pode desistir desta compra até 27 de novembro de 2026/),
    ).toBeTruthy()
    await user.click(within(cards[0]!).getByRole('button', { name: 'Solicitar reembolso' }))
    const reason = within(cards[0]!).getByLabelText('Por que você desiste da compra?')
    expect(document.activeElement).toBe(reason)
    await user.click(within(cards[0]!).getByRole('button', { name: 'Confirmar o reembolso' }))
    expect(within(cards[0]!).getByText(WITHDRAWAL_MESSAGES.reason)).toBeTruthy()
    expect(requests(`/api/usuario/compras/${PIX_ORDER}/reembolso`)).toHaveLength(0)
    await user.type(reason, 'Comprei o curso errado.')
    await user.click(within(cards[0]!).getByRole('button', { name: 'Confirmar o reembolso' }))
    expect(await screen.findByText(toastTitle('Estorno confirmado pela operadora.'))).toBeTruthy()
    expect(requests(`/api/usuario/compras/${PIX_ORDER}/reembolso`)[0]!.body).toEqual({
      motivo: 'Comprei o curso errado.',
    })
    expect(within(cards[1]!).queryByRole('button', { name: 'Solicitar reembolso' })).toBeNull()
    expect(within(cards[1]!).getByText(/terminou em 27 de novembro de 2026/)).toBeTruthy()
    expect(within(cards[2]!).getByText('Resposta: A turma começou e a vaga foi usada.')).toBeTruthy()
  })

  it('an order no longer sold as it was: the message, and the cart with its items at today’s prices', async () => {
    const message =
      'Os preços ou as condições deste pedido mudaram desde a compra. Revise o carrinho: colocamos nele os mesmos itens.'
    stubFetch({
      '/api/usuario/compras': {
        body: [
          purchase({
            order_id: EXPIRED,
            status: 'expired',
            payment_type: 'PIX',
            instalments: 1,
            total: 18900,
            can_reissue: true,
          }),
        ],
      },
      [`/api/usuario/compras/${EXPIRED}/novo-pagamento`]: {
        status: 422,
        body: { message, errors: { pedido: [message] }, cart: 'carrinho-novo' },
      },
    })
    window.localStorage.setItem(CART_HASH_KEY, 'carrinho-antigo')
    const user = userEvent.setup()
    renderAt(<PurchasesPage />)
    await user.click(await screen.findByRole('button', { name: 'Gerar novo PIX' }))
    expect(await screen.findByText(toastTitle(message))).toBeTruthy()
    expect(await screen.findByRole('heading', { level: 1, name: 'Carrinho de compras' })).toBeTruthy()
    expect(window.localStorage.getItem(CART_HASH_KEY)).toBe('carrinho-novo')
    window.localStorage.removeItem(CART_HASH_KEY)
  })

  it('the order detail shows the provider’s receipt', async () => {
    stubFetch({
      [`/api/usuario/compras/${ORDER}`]: {
        body: {
          ...purchase({}),
          paid_at: '2026-10-05T17:12:04.000Z',
          gross: 100000,
          discount: 0,
          interest: 4568,
          donation: 0,
          payer: { name: 'Ana Beatriz Souza', email: 'aluno@instituto.test' },
          receipt: {
            charge_id: 'ch_abc',
            transaction_id: 'tran_abc',
            paid_at: '2026-10-05T17:12:04.000Z',
            card: { brand: 'Visa', last_four: '0010', holder_name: 'ANA B SOUZA' },
            instalments: 3,
            authorization_code: '123456',
            nsu: '100000001',
            tid: '100000001',
            acquirer_message: 'Transação capturada com sucesso',
            boleto: null,
            pix_end_to_end_id: null,
          },
          receipt_unavailable: false,
        },
      },
    })
    renderAt(<PurchaseDetailPage orderId={ORDER} />)
    const receipt = await screen.findByRole('region', { name: 'Comprovante do pagamento' })
    expect(within(receipt).getByText('Visa final 0010 (ANA B SOUZA)')).toBeTruthy()
    expect(within(receipt).getByText('123456')).toBeTruthy()
    expect(screen.getByText('Juros do parcelamento')).toBeTruthy()
  })

  it('the order detail of a boleto paid short says what is missing and how to pay it', async () => {
    stubFetch({
      [`/api/usuario/compras/${ORDER}`]: {
        body: {
          ...purchase({
            status: 'underpaid',
            payment_type: 'BOLETO',
            instalments: 1,
            total: 49000,
            underpaid: { received: 40000, missing: 9000, can_pay_difference: true },
          }),
          paid_at: null,
          gross: 49000,
          discount: 0,
          interest: 0,
          donation: 0,
          payer: { name: 'Ana Beatriz Souza', email: 'aluno@instituto.test' },
          receipt: null,
          receipt_unavailable: false,
        },
      },
    })
    renderAt(<PurchaseDetailPage orderId={ORDER} />)
    expect(
      await screen.findByText('Boleto pago a menor: recebemos R$ 400,00 de R$ 490,00; faltam R$ 90,00.'),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Pagar a diferença por PIX' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Pagar a diferença por boleto' })).toBeTruthy()
  })
})

const lessonStudy = (
  lesson_id: number,
  title: string,
  overrides: Partial<LessonStudy> = {},
): LessonStudy => ({
  lesson_id,
  title,
  kind: 'video',
  duration_seconds: 20,
  played_seconds: 0,
  played_percent: 0,
  opened: false,
  done: false,
  ...overrides,
})

const STUDY: StudyStanding = {
  lessons: [
    lessonStudy(1, 'Boas-vindas', { played_seconds: 20, played_percent: 100, done: true }),
    lessonStudy(2, 'Princípios físicos'),
    lessonStudy(3, 'Leitura', { kind: 'reading', duration_seconds: null }),
  ],
  lessons_done: 1,
  lessons_total: 3,
  percent: 33,
  watched_percent: 50,
  watch_share: 90,
  certificate_share: 100,
  eligible: false,
}

const COURSE: StudentCourse = {
  id: 1,
  name: 'Hemodiálise para Enfermagem',
  url: 'hemodialise-para-enfermagem',
  section: 'online',
  classes: [{ id: 1, name: 'Comece agora', type: 'C', course_init: null, location: null, details: '' }],
  modules: [
    {
      id: 1,
      title: 'Fundamentos da hemodiálise',
      lessons: [
        {
          id: 1,
          title: 'Boas-vindas',
          youtube_id: 'h7Q2mVt9kLs',
          duration_seconds: 20,
          body: '',
          watched: false,
        },
        {
          id: 2,
          title: 'Princípios físicos',
          youtube_id: 'Rk4cW8pZ1aE',
          duration_seconds: 20,
          body: 'Difusão.',
          watched: false,
        },
      ],
    },
    {
      id: 2,
      title: 'Acesso vascular',
      lessons: [
        { id: 3, title: 'Leitura', youtube_id: null, duration_seconds: null, body: 'Texto.', watched: false },
      ],
    },
  ],
  materials: [
    {
      id: 1,
      title: 'Apostila',
      content_type: 'application/pdf',
      size_bytes: 2048,
      download_url: '/download/a.b.c',
    },
  ],
  progress: { watched: 0, total: 3, percent: 0 },
  study: STUDY,
  player: { kind: 'local', src: '/api/dev/videoaula.webm' },
  links_expire_at: '2099-01-01T00:00:00.000Z',
}

const played = {
  ...STUDY,
  lessons: [
    STUDY.lessons[0]!,
    lessonStudy(2, 'Princípios físicos', { played_seconds: 20, played_percent: 100, done: true }),
    STUDY.lessons[2]!,
  ],
  lessons_done: 2,
  percent: 66,
  watched_percent: 100,
}
const finished = {
  ...played,
  lessons: [
    played.lessons[0]!,
    played.lessons[1]!,
    lessonStudy(3, 'Leitura', { kind: 'reading', duration_seconds: null, opened: true, done: true }),
  ],
  lessons_done: 3,
  percent: 100,
  eligible: true,
}

const certificatesOf = (
  study: StudyStanding,
  certificate: HeldCertificate | null = null,
): MyCertificates => ({
  profile_name: 'Ana Beatriz Souza',
  courses: [
    {
      course_id: 1,
      course_name: COURSE.name,
      course_url: COURSE.url,
      study,
      assessment_pending: false,
      eligible: study.eligible,
      certificate,
    },
  ],
  certificates: certificate ? [certificate] : [],
})

const HELD: HeldCertificate = {
  code: 'RN-ABCDEFGHJK',
  status: 'valid',
  kind: 'course',
  kind_label: 'Conclusão de curso',
  holder_name: 'Ana Beatriz Souza',
  holder_removed: false,
  title: COURSE.name,
  minutes: 3600,
  hours: '60 horas',
  started_on: '2026-11-20',
  completed_on: '2026-11-28',
  issued_at: '2026-11-28T12:00:00.000Z',
  checked_at: '2026-11-28T12:30:00.000Z',
  issuer: 'Instituto Renalis',
  ...IN_GOOD_STANDING,
  links: {
    pdf: '/api/usuario/certificados/RN-ABCDEFGHJK/pdf',
    credential: '/api/usuario/certificados/RN-ABCDEFGHJK/credencial',
    verification: '/certificados/RN-ABCDEFGHJK',
    linkedin: 'https://www.linkedin.com/profile/add?certId=RN-ABCDEFGHJK',
  },
}

describe('a course for its student', () => {
  it('plays a lesson: nothing loads before the press; what plays is sent in beats and counted; the mark is the student’s own; the certificate is offered once earned', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const start = Date.parse('2026-11-28T15:00:00Z')
    vi.setSystemTime(start)
    const { requests } = stubFetch({
      '/api/usuario/cursos/hemodialise-para-enfermagem': { body: COURSE },
      '/api/usuario/aulas/2/reproducao': [
        { body: { lesson_id: 2, credited_ms: 0, study: STUDY } },
        { body: { lesson_id: 2, credited_ms: 20_000, study: played } },
      ],
      '/api/usuario/aulas/2/assistida': {
        body: { lesson_id: 2, watched: true, progress: { watched: 1, total: 3, percent: 33 } },
      },
      '/api/usuario/aulas/3/aberta': { body: { lesson_id: 3, credited_ms: 0, study: finished } },
      '/api/usuario/certificados': [
        { body: certificatesOf(STUDY) },
        { body: certificatesOf(finished) },
        { body: certificatesOf(finished, HELD) },
      ],
      '/api/usuario/cursos/hemodialise-para-enfermagem/certificado': { status: 201, body: HELD },
    })
    try {
      const user = userEvent.setup()
      renderAt(<CourseContentPage url="hemodialise-para-enfermagem" />)
      // The first lesson not done by evidence opens.
      expect(await screen.findByRole('heading', { level: 2, name: 'Princípios físicos' })).toBeTruthy()
      expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('33')
      expect(screen.getByText(/Seu progresso: 1 de 3 aulas concluídas \(33%\)/)).toBeTruthy()
      expect(screen.getByText('Reproduzido 0 s de 20 s (0%; conta a partir de 90%)')).toBeTruthy()
      expect(
        await screen.findByText(/O certificado fica disponível quando você concluir 100% das aulas/),
      ).toBeTruthy()
      // Privacy: no player at all until the student presses play.
      expect(document.querySelector('video, iframe')).toBeNull()
      await user.click(screen.getByRole('button', { name: /Reproduzir a videoaula/ }))
      const video = document.querySelector('video')!
      expect(video.getAttribute('src')).toBe('/api/dev/videoaula.webm')
      expect(video.getAttribute('aria-label')).toBe('Videoaula: Princípios físicos')

      // Playing at 2× opens the playback; 10 s later the 20 s of video played are sent at the pause.
      video.playbackRate = 2
      video.dispatchEvent(new Event('playing'))
      await waitFor(() => expect(requests('/api/usuario/aulas/2/reproducao')).toHaveLength(1))
      const opening = requests('/api/usuario/aulas/2/reproducao')[0]!.body!
      expect(opening.segments).toEqual([])
      expect(opening.playback).toMatch(/^[0-9a-f-]{36}$/)
      vi.setSystemTime(start + 10_000)
      video.currentTime = 20
      video.dispatchEvent(new Event('pause'))
      await waitFor(() => expect(requests('/api/usuario/aulas/2/reproducao')).toHaveLength(2))
      expect(requests('/api/usuario/aulas/2/reproducao')[1]!.body).toEqual({
        playback: opening.playback,
        segments: [{ from: 0, to: 20_000, wall_ms: 10_000, rate: 2 }],
      })
      expect(await screen.findByText('Concluída: 100% do vídeo reproduzido')).toBeTruthy()
      expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('66')

      // 'Aula assistida' is the student's own mark: the progress from evidence does not move.
      await user.click(screen.getByRole('button', { name: 'Marcar como assistida' }))
      expect(await screen.findByRole('button', { name: 'Aula assistida' })).toBeTruthy()
      expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('66')

      // A reading counts once shown: the certificate is offered at that moment.
      const nav = screen.getByRole('navigation', { name: 'Aulas do curso' })
      await user.click(within(nav).getByRole('button', { name: /Leitura/ }))
      expect(await screen.findByRole('heading', { level: 2, name: 'Leitura' })).toBeTruthy()
      expect(document.querySelector('video, iframe')).toBeNull()
      await waitFor(() => expect(requests('/api/usuario/aulas/3/aberta')).toHaveLength(1))
      expect(await screen.findByText('Leitura aberta: concluída')).toBeTruthy()
      await user.click(await screen.findByRole('button', { name: /Emitir certificado/ }))
      const dialog = screen.getByRole('dialog', { name: 'Emitir certificado' })
      expect((within(dialog).getByLabelText('Nome no certificado') as HTMLInputElement).value).toBe(
        'Ana Beatriz Souza',
      )
      await user.click(within(dialog).getByRole('button', { name: 'Confirmar e emitir' }))
      expect(requests('/api/usuario/cursos/hemodialise-para-enfermagem/certificado')[0]!.body).toEqual({
        nome: 'Ana Beatriz Souza',
      })
      const offer = screen.getByRole('region', { name: 'Certificado' })
      expect((await within(offer).findByRole('link', { name: /Baixar PDF/ })).getAttribute('href')).toBe(
        HELD.links.pdf,
      )
      expect(within(offer).getByText('RN-ABCDEFGHJK')).toBeTruthy()
      expect(screen.getByRole('link', { name: /Apostila/ }).getAttribute('href')).toBe('/download/a.b.c')
    } finally {
      vi.useRealTimers()
    }
  })

  it('the YouTube adapter: nothing from YouTube before the press; then its IFrame API on the privacy-enhanced host', async () => {
    const created: { host: string; videoId: string; events: Record<string, (event: unknown) => void> }[] = []
    const iframe = document.createElement('iframe')
    const fake = {
      getCurrentTime: () => 0,
      getPlaybackRate: () => 1,
      getIframe: () => iframe,
      playVideo: vi.fn(),
      destroy: vi.fn(),
    }
    window.YT = {
      Player: class {
        constructor(_target: HTMLElement, options: (typeof created)[number]) {
          created.push(options)
          // biome-ignore lint/correctness/noConstructorReturn: the fake player stands for YouTube's
          return fake
        }
      } as never,
    }
    const { requests } = stubFetch({
      '/api/usuario/cursos/hemodialise-para-enfermagem': {
        body: { ...COURSE, player: { kind: 'youtube', host: 'https://www.youtube-nocookie.com' } },
      },
      '/api/usuario/aulas/2/reproducao': { body: { lesson_id: 2, credited_ms: 0, study: STUDY } },
    })
    try {
      const user = userEvent.setup()
      renderAt(<CourseContentPage url="hemodialise-para-enfermagem" />)
      await screen.findByRole('heading', { level: 2, name: 'Princípios físicos' })
      expect(created).toHaveLength(0)
      expect(screen.getByText(/nada é carregado antes de você apertar o play/)).toBeTruthy()
      await user.click(screen.getByRole('button', { name: /Reproduzir a videoaula/ }))
      await waitFor(() => expect(created).toHaveLength(1))
      expect(created[0]).toMatchObject({ host: 'https://www.youtube-nocookie.com', videoId: 'Rk4cW8pZ1aE' })
      created[0]!.events.onReady!({ target: fake })
      expect(iframe.title).toBe('Videoaula: Princípios físicos')
      expect(fake.playVideo).toHaveBeenCalled()
      created[0]!.events.onStateChange!({ data: 1 })
      await waitFor(() => expect(requests('/api/usuario/aulas/2/reproducao')).toHaveLength(1))
    } finally {
      delete window.YT
    }
  })

  it('a student without an active enrollment reads why', async () => {
    stubFetch({
      '/api/usuario/cursos/hemodialise-para-enfermagem': {
        status: 403,
        body: { msg: 'Você não tem matrícula ativa neste curso.' },
      },
    })
    renderAt(<CourseContentPage url="hemodialise-para-enfermagem" />)
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Você não tem matrícula ativa neste curso.',
    )
  })

  it('an in-person class shows its date, place and what to bring', async () => {
    stubFetch({
      '/api/usuario/cursos/hemodialise-avancada': {
        body: {
          ...COURSE,
          url: 'hemodialise-avancada',
          modules: [],
          materials: [],
          progress: { watched: 0, total: 0, percent: 0 },
          study: {
            ...STUDY,
            lessons: [],
            lessons_done: 0,
            lessons_total: 0,
            percent: 0,
            watched_percent: null,
          },
          classes: [
            {
              id: 9,
              name: 'Turma abril/2027 – Curitiba',
              type: 'N',
              course_init: '2027-04-09',
              location: 'Rua Padre Anchieta, 1000',
              details: '## O que levar\n\n- Jaleco',
            },
          ],
        },
      },
    })
    renderAt(<CourseContentPage url="hemodialise-avancada" />)
    expect(await screen.findByText('Início em 9 de abril de 2027')).toBeTruthy()
    expect(screen.getByText('Rua Padre Anchieta, 1000')).toBeTruthy()
    expect(screen.getByText('Jaleco')).toBeTruthy()
  })
})

const LIBRARY: EbookLibrary = {
  owned: [
    {
      id: 1,
      title: 'Guia Rápido de Hemodiálise',
      description: '',
      cover: null,
      pages: 84,
      source: 'curso',
      course: { name: 'Hemodiálise para Enfermagem', url: 'hemodialise-para-enfermagem' },
      download_url: '/download/x.y.z',
    },
  ],
  free: [{ id: 2, title: 'DRC na Atenção Primária', description: 'Fluxogramas.', cover: null }],
  links_expire_at: '2099-01-01T00:00:00.000Z',
}

describe('Meus e-books', () => {
  it('downloads an owned e-book and adds a free one with one click', async () => {
    const { requests } = stubFetch({
      '/api/usuario/ebooks': { body: LIBRARY },
      '/api/usuario/ebooks/2': { body: { ...LIBRARY, owned: [...LIBRARY.owned], free: [] } },
    })
    const user = userEvent.setup()
    renderAt(<MyEbooksPage />)
    const owned = await screen.findByRole('article', { name: 'Guia Rápido de Hemodiálise' })
    expect(
      within(owned)
        .getByRole('link', { name: /Baixar/ })
        .getAttribute('href'),
    ).toBe('/download/x.y.z')
    await user.click(screen.getByRole('button', { name: /Adicionar à biblioteca/ }))
    expect(await screen.findByText(toastTitle('E-book adicionado à sua biblioteca!'))).toBeTruthy()
    expect(requests('/api/usuario/ebooks/2')[0]!.method).toBe('POST')
  })

  it('arriving from /ebooks with ?adicionar=, the free e-book is added at once', async () => {
    const { requests } = stubFetch({
      '/api/usuario/ebooks': { body: LIBRARY },
      '/api/usuario/ebooks/2': { body: { ...LIBRARY, free: [] } },
    })
    renderAt(<MyEbooksPage />, '/?adicionar=2')
    await waitFor(() => expect(requests('/api/usuario/ebooks/2')).toHaveLength(1))
    expect(
      await screen.findByText(toastTitle('"DRC na Atenção Primária" foi adicionado à sua biblioteca!')),
    ).toBeTruthy()
  })
})

describe('privacy in Meu perfil', () => {
  it('downloads my data as a JSON file, and deletes the account after the SPEC’s confirm dialog', async () => {
    const { requests } = stubFetch({
      '/admin/user/get': { body: STUDENT },
      '/api/usuario/privacidade/exportar': { body: { profile: { email: STUDENT.email } } },
      '/api/usuario/privacidade/excluir': { body: { msg: 'Sua conta foi excluída.' } },
    })
    URL.createObjectURL ??= () => ''
    URL.revokeObjectURL ??= () => {}
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:dados')
    const user = userEvent.setup()
    renderAt(<PrivacySection />)
    await user.click(await screen.findByRole('button', { name: 'Baixar meus dados' }))
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled())
    createObjectURL.mockRestore()

    await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }))
    const dialog = await screen.findByRole('alertdialog')
    // SPEC section 8's confirm dialog: its title, and Cancelar.
    expect(within(dialog).getByRole('heading', { name: 'Confimação' })).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(requests('/api/usuario/privacidade/excluir')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir minha conta' }),
    )
    expect(await screen.findByText(toastTitle('Sua conta foi excluída.'))).toBeTruthy()
    expect(requests('/api/usuario/privacidade/excluir')[0]!.body).toEqual({ confirmar: true })
  })
})
