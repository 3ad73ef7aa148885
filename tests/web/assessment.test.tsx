import { useQuery } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { assessmentStandingQuery } from '../../web/src/features/assessment/assessment.queries.ts'
import { ExamPage } from '../../web/src/features/assessment/exam-page.tsx'
import { FinalAssessmentBlock } from '../../web/src/features/assessment/final-assessment-block.tsx'
import type { AssessmentStanding, OpenAttempt, SubmittedAttempt } from '../../worker/contract/assessment.ts'
import { mockFetch, pageAt, paramsPageAt, renderRoutes } from '../support/web/render.tsx'

const URL_ = 'dialise-peritoneal'
const API = `/api/usuario/cursos/${URL_}/avaliacao`

const attempt = (answers: (number | null)[], overrides: Partial<OpenAttempt> = {}): OpenAttempt => ({
  number: 2,
  started_at: '2027-03-10T13:00:00.000Z',
  deadline_at: null,
  server_now: '2027-03-10T13:05:00.000Z',
  questions: [
    { prompt: 'Qual o acesso vascular preferido?', options: ['Cateter', 'Fístula arteriovenosa', 'Enxerto'] },
    { prompt: 'Quantas sessões semanais são usuais?', options: ['Duas', 'Três'] },
    { prompt: 'O que mede o Kt/V?', options: ['Adequação da diálise', 'Anemia', 'Fósforo', 'Potássio'] },
  ],
  answers,
  ...overrides,
})

const standing = (overrides: Partial<AssessmentStanding> = {}): AssessmentStanding => ({
  course: { name: 'Diálise Peritoneal na Prática', url: URL_ },
  enabled: true,
  state: 'open',
  message: 'Você tem uma tentativa em andamento: as respostas escolhidas já estão salvas.',
  questions: 3,
  pass_percent: 70,
  max_attempts: 3,
  wait_hours: 24,
  time_limit_minutes: null,
  attempts_used: 2,
  attempts_left: 1,
  available_at: null,
  best_score: 33,
  passed: false,
  attempts: [
    {
      number: 1,
      started_at: '2027-03-09T13:00:00.000Z',
      submitted_at: '2027-03-09T13:20:00.000Z',
      questions: 3,
      correct: 1,
      score_percent: 33,
      passed: false,
    },
  ],
  open_attempt: attempt([null, 1, null]),
  review: null,
  ...overrides,
})

const failedAfter: SubmittedAttempt = {
  result: {
    number: 2,
    correct: 2,
    questions: 3,
    score_percent: 66,
    pass_percent: 70,
    passed: false,
    submitted_at: '2027-03-10T13:10:00.000Z',
  },
  standing: standing({
    state: 'waiting',
    message: 'Você poderá fazer a próxima tentativa a partir de 11/03/2027 10:10 (horário de Brasília).',
    open_attempt: null,
    attempts_used: 2,
    attempts_left: 1,
    best_score: 66,
    available_at: '2027-03-11T13:10:00.000Z',
  }),
}

function renderExam(routes: Parameters<typeof mockFetch>[0]) {
  const { fetchMock, calls } = mockFetch(routes)
  vi.stubGlobal('fetch', fetchMock)
  renderRoutes(
    (root) => [
      paramsPageAt(root, '/usuario/cursos/$url/avaliacao', ({ url }) => <ExamPage url={url!} />),
      paramsPageAt(root, '/usuario/cursos/$url', ({ url }) => <FinalAssessmentBlock url={url!} />),
      pageAt(root, '/usuario/cursos', <p>Meus cursos</p>),
    ],
    { at: `/usuario/cursos/${URL_}/avaliacao` },
  )
  return calls
}

const savesOf = (calls: { path: string; init: RequestInit | undefined }[]) =>
  calls
    .filter((call) => call.init?.method === 'PUT')
    .map((call) => JSON.parse(String(call.init?.body)) as { questao: number; alternativa: number })

describe('the exam page', () => {
  it('restores the saved answers, is answered and sent by keyboard alone, each choice saved, the score told', async () => {
    const calls = renderExam({
      [API]: { body: standing() },
      [`${API}/tentativas/2/respostas`]: { body: { number: 2, answers: [null, 1, null] } },
      [`${API}/tentativas/2/envio`]: { body: failedAfter },
    })
    const user = userEvent.setup()

    // One fieldset per question, its legend the question; what was saved before the reload is chosen.
    const first = await screen.findByRole('group', { name: /Qual o acesso vascular preferido\?/ })
    const second = screen.getByRole('group', { name: /Quantas sessões semanais são usuais\?/ })
    const third = screen.getByRole('group', { name: /O que mede o Kt\/V\?/ })
    expect(within(second).getByRole('radio', { name: 'Três' })).toHaveProperty('checked', true)
    expect(
      within(first)
        .getAllByRole('radio')
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false)
    expect(screen.getByText('2 questões sem resposta.')).toBeTruthy()

    // Past the way back, Tab into the first question, choose with Space and the arrow keys; on to the third.
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Voltar ao curso' }))
    await user.tab()
    expect(document.activeElement).toBe(within(first).getByRole('radio', { name: 'Cateter' }))
    await user.keyboard(' ')
    await user.keyboard('{ArrowDown}')
    expect(within(first).getByRole('radio', { name: 'Fístula arteriovenosa' })).toHaveProperty(
      'checked',
      true,
    )
    await user.tab()
    expect(document.activeElement).toBe(within(second).getByRole('radio', { name: 'Três' }))
    await user.tab()
    await user.keyboard(' ')
    expect(within(third).getByRole('radio', { name: 'Adequação da diálise' })).toHaveProperty('checked', true)
    expect(await screen.findByText('Resposta da questão 3 salva: Adequação da diálise.')).toBeTruthy()
    // Each choice saved, the first question's last choice last.
    await waitFor(() =>
      expect(savesOf(calls)).toEqual([
        { questao: 0, alternativa: 0 },
        { questao: 0, alternativa: 1 },
        { questao: 2, alternativa: 0 },
      ]),
    )
    expect(screen.getByText('Todas as questões respondidas.')).toBeTruthy()

    // Sent after a confirmation; the score is told, and what comes next.
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Enviar respostas' }))
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('alertdialog', { name: 'Enviar a avaliação' })
    expect(dialog.textContent).toContain('as respostas não podem mais mudar')
    await user.click(within(dialog).getByRole('button', { name: 'Enviar respostas' }))
    const heading = await screen.findByRole('heading', { name: 'Não foi desta vez' })
    expect(document.activeElement).toBe(heading)
    expect(screen.getByText(/você acertou 2 de 3 \(\s*66%\)\. A nota mínima é 70%\./)).toBeTruthy()
    expect(screen.getByText(failedAfter.standing.message)).toBeTruthy()
    const live = document.querySelector('[aria-live="polite"][aria-atomic="true"]')
    expect(live?.textContent).toContain('Não aprovado: 2 de 3 questões certas, 66%.')
    expect(calls.filter((call) => call.path.endsWith('/envio'))).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Tentar de novo' })).toBeNull()
  })

  it('warns of unanswered questions before sending, and keeps answering when the student says so', async () => {
    const calls = renderExam({ [API]: { body: standing() } })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Enviar respostas' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Enviar a avaliação' })
    expect(dialog.textContent).toContain('Você deixou 2 questões sem resposta, que contam como erradas.')
    await user.click(within(dialog).getByRole('button', { name: 'Continuar respondendo' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(calls.some((call) => call.path.endsWith('/envio'))).toBe(false)
    expect(screen.getAllByRole('group')).toHaveLength(3)
  })

  it('shows a timed attempt’s time left as a timer, counted on the server’s clock', async () => {
    const now = Date.parse('2027-03-10T13:05:00.000Z')
    vi.spyOn(Date, 'now').mockReturnValue(now - 3_600_000)
    renderExam({
      [API]: {
        body: standing({
          time_limit_minutes: 30,
          open_attempt: attempt([null, null, null], {
            deadline_at: '2027-03-10T13:30:00.000Z',
            // The device's clock is an hour behind: the timer still shows 25 minutes.
            server_now: new Date(now).toISOString(),
          }),
        }),
      },
    })
    const timer = await screen.findByRole('timer')
    expect(timer.textContent).toBe('Tempo restante: 25:00')
  })

  it('offers a start when the student may, says why not otherwise', async () => {
    const calls = renderExam({
      // Read again once the attempt started: it is open then.
      [API]: [
        {
          body: standing({
            state: 'available',
            message: 'Você pode começar a avaliação final quando quiser.',
            open_attempt: null,
          }),
        },
        { body: standing({ open_attempt: attempt([null, null, null]) }) },
      ],
      [`${API}/tentativas`]: { status: 201, body: attempt([null, null, null]) },
    })
    const user = userEvent.setup()
    expect(await screen.findByText('Nota mínima para aprovação: 70%')).toBeTruthy()
    expect(screen.getByText('Tentativa 1')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByRole('group', { name: /Qual o acesso vascular preferido\?/ })).toBeTruthy()
    expect(calls.filter((call) => call.init?.method === 'POST')).toHaveLength(1)
  })
})

/** Says when the standing the block reads has arrived. */
function Loaded({ url }: { url: string }) {
  const query = useQuery(assessmentStandingQuery(url))
  return <h1>{query.data ? 'situação lida' : 'Curso'}</h1>
}

describe("the course page's 'Avaliação final' block", () => {
  function renderBlock(body: AssessmentStanding) {
    const { fetchMock } = mockFetch({ [API]: { body } })
    vi.stubGlobal('fetch', fetchMock)
    renderRoutes(
      (root) => [
        paramsPageAt(root, '/usuario/cursos/$url', ({ url }) => (
          <>
            <Loaded url={url!} />
            <FinalAssessmentBlock url={url!} />
          </>
        )),
        pageAt(root, '/usuario/cursos/$url/avaliacao', <p>Página da avaliação</p>),
      ],
      { at: `/usuario/cursos/${URL_}` },
    )
  }

  it('says where the student stands and leads to the exam', async () => {
    renderBlock(
      standing({ state: 'available', message: 'Você pode começar a avaliação final quando quiser.' }),
    )
    const block = await screen.findByRole('region', { name: 'Avaliação final' })
    expect(block.textContent).toContain('Você pode começar a avaliação final quando quiser.')
    expect(block.textContent).toContain('Nota mínima 70% · 1 de 3 tentativas restantes · melhor nota 33%')
    const link = within(block).getByRole('link', { name: 'Fazer a avaliação final' })
    expect(link.getAttribute('href')).toBe(`/usuario/cursos/${URL_}/avaliacao`)
  })

  it('is not there for a course without an assessment', async () => {
    renderBlock(
      standing({ enabled: false, state: 'disabled', message: 'Este curso não tem avaliação final.' }),
    )
    // Once the standing is in the cache the block reads, it has rendered as it will stay.
    await screen.findByText('situação lida')
    expect(document.querySelector('[aria-labelledby="avaliacao-final"]')).toBeNull()
    expect(screen.queryByText('Este curso não tem avaliação final.')).toBeNull()
  })
})
