/**
 * The student area's demo data: the online courses' modules, video lessons and downloadable
 * material, the in-person classes' practical details, and the demo student's history — purchases
 * and enrollments, e-books, lesson progress and an application to an edital whose fee plans are
 * partly paid. Ids are explicit, so the seed is deterministic and the e2e journeys can point at it.
 */

import { slugify } from '../../worker/domain/patterns.ts'
import { LOCAL_VIDEO_SECONDS } from '../../worker/domain/video.ts'
import type {
  applications,
  courseMaterials,
  courseModules,
  ebookLibrary,
  editais,
  enrollments,
  feePlans,
  lessonOpenings,
  lessonProgress,
  lessonSegments,
  lessons,
  orderItems,
  orders,
  planPayments,
} from '../schema.ts'
import { SEED_IDS } from './catalog.ts'

type ModuleRow = typeof courseModules.$inferInsert & { id: number }
type LessonRow = typeof lessons.$inferInsert & { id: number }
type MaterialRow = typeof courseMaterials.$inferInsert & { id: number }

type LessonSeed = {
  title: string
  youtubeId: string | null
  minutes: number | null
  /** A length in seconds, for a video shorter than a minute (the demo course's). */
  seconds?: number
  body: string
}
type ModuleSeed = { title: string; lessons: LessonSeed[] }
type CourseContent = { courseId: number; url: string; modules: ModuleSeed[]; materials: string[] }

const video = (title: string, youtubeId: string, minutes: number, body: string): LessonSeed => ({
  title,
  youtubeId,
  minutes,
  body,
})
const reading = (title: string, body: string): LessonSeed => ({ title, youtubeId: null, minutes: null, body })
/** A lesson of the demo course: as long as the local player's video, which plays it locally. */
const clip = (title: string, youtubeId: string, body: string): LessonSeed => ({
  title,
  youtubeId,
  minutes: null,
  seconds: LOCAL_VIDEO_SECONDS,
  body,
})

// YouTube ids are the demo's stand-ins for the institute's own (unlisted) lesson videos: the
// admin area replaces them. The embed loads nothing from YouTube until the student presses play.
const CONTENT: CourseContent[] = [
  {
    courseId: 1,
    url: 'hemodialise-para-enfermagem',
    modules: [
      {
        title: 'Fundamentos da hemodiálise',
        lessons: [
          video(
            'Boas-vindas e como estudar neste curso',
            'h7Q2mVt9kLs',
            6,
            'Como o curso está organizado, como marcar as aulas assistidas e onde baixar as apostilas de cada módulo.',
          ),
          video(
            'Princípios físicos: difusão, convecção e ultrafiltração',
            'Rk4cW8pZ1aE',
            18,
            'Os três fenômenos que explicam a depuração de solutos e a retirada de líquido na sessão de hemodiálise.\n\n- Difusão e gradiente de concentração\n- Convecção e arraste de solutos\n- Ultrafiltração e pressão transmembrana',
          ),
          video(
            'A máquina e o circuito extracorpóreo',
            'b3Nf6YsQ0uT',
            22,
            'Montagem do circuito, alarmes de pressão arterial e venosa, detector de ar e o que fazer em cada alarme.',
          ),
        ],
      },
      {
        title: 'Acesso vascular e punção',
        lessons: [
          video(
            'Exame físico da fístula arteriovenosa',
            'Lm8dE2xHq5o',
            15,
            'Inspeção, palpação e ausculta: frêmito, sopro, sinais de estenose e de infecção antes de cada punção.',
          ),
          video(
            'Técnicas de punção: escada, área e botoeira',
            'Tz6vJ1cN9wA',
            24,
            'Indicações, passo a passo e cuidados de cada técnica, com a escolha da agulha e o ângulo de inserção.',
          ),
          reading(
            'Cuidados com o cateter de hemodiálise',
            '## Antes da conexão\n\n- Higiene das mãos e máscara para profissional e paciente\n- Antissepsia dos conectores com clorexidina alcoólica\n\n## Curativo\n\nTroque a cobertura transparente a cada 7 dias, ou antes se estiver úmida, solta ou suja.',
          ),
        ],
      },
      {
        title: 'Intercorrências e segurança do paciente',
        lessons: [
          video(
            'Hipotensão intradialítica: prevenção e conduta',
            'Gp3kU7rB2mY',
            17,
            'Fatores de risco, ajuste de ultrafiltração e de temperatura do dialisato, e a conduta imediata de enfermagem.',
          ),
          video(
            'Biossegurança e prevenção de infecção na unidade',
            'Xe9sH4fC6qD',
            20,
            'Precauções padrão, limpeza da máquina entre turnos e vigilância de infecção de corrente sanguínea.',
          ),
        ],
      },
    ],
    materials: ['Apostila: fundamentos da hemodiálise', 'Checklist de punção da fístula arteriovenosa'],
  },
  {
    courseId: 2,
    url: 'doenca-renal-cronica-na-atencao-primaria',
    modules: [
      {
        title: 'Rastreamento e estadiamento',
        lessons: [
          video(
            'Quem rastrear para DRC',
            'Qa2wS5eD8rF',
            14,
            'Diabetes, hipertensão, idade acima de 60 anos e história familiar: a população de risco na atenção primária.',
          ),
          video(
            'Taxa de filtração glomerular estimada: CKD-EPI 2021',
            'Vb7nM1kL4pO',
            19,
            'Por que a equação sem raça, quando usar a cistatina C e como interpretar a TFGe no laudo.',
          ),
          video(
            'Albuminúria na prática',
            'Cd4fG8hJ2kL',
            12,
            'Coleta da relação albumina/creatinina em amostra isolada e o estadiamento KDIGO em G e A.',
          ),
        ],
      },
      {
        title: 'Nefroproteção e encaminhamento',
        lessons: [
          video(
            'Bloqueio do SRAA e inibidores de SGLT2',
            'Ut6yR3eW9qA',
            21,
            'Quem se beneficia, como iniciar e monitorar potássio e creatinina após o início.',
          ),
          reading(
            'Quando encaminhar ao nefrologista',
            '- TFGe abaixo de 30 mL/min/1,73 m²\n- Albuminúria acima de 300 mg/g\n- Queda rápida da TFGe (mais de 5 mL/min/1,73 m² por ano)\n- Hematúria glomerular ou suspeita de doença renal hereditária',
          ),
        ],
      },
    ],
    materials: ['Fluxograma de rastreamento e encaminhamento da DRC'],
  },
  {
    courseId: 3,
    url: 'nutricao-renal-na-pratica-clinica',
    modules: [
      {
        title: 'Avaliação nutricional em nefrologia',
        lessons: [
          video(
            'Desnutrição energético-proteica na DRC',
            'Ik9oL2pM5nB',
            16,
            'Inflamação, acidose e perdas na diálise: por que o paciente renal perde massa magra.',
          ),
          video(
            'Avaliação subjetiva global e bioimpedância',
            'Wy3tR6eQ1aZ',
            18,
            'Aplicação da ASG de 7 pontos e leitura do ângulo de fase na prática clínica.',
          ),
        ],
      },
      {
        title: 'Fósforo, potássio e sódio',
        lessons: [
          video(
            'Aditivos fosfatados nos alimentos',
            'Po5iU8yT2rE',
            15,
            'Como reconhecer os aditivos no rótulo e orientar trocas na lista de compras.',
          ),
          video(
            'Contagem de fósforo e quelantes',
            'As1dF4gH7jK',
            20,
            'Distribuição do quelante nas refeições conforme a contagem de fósforo de cada uma.',
          ),
          reading(
            'Potássio: técnicas de cocção',
            'Cozinhar em água abundante e descartar a água reduz o potássio de tubérculos e legumes em até 60%.',
          ),
        ],
      },
    ],
    materials: ['Tabela de fósforo por porção dos alimentos'],
  },
  {
    courseId: 4,
    url: 'lesao-renal-aguda-na-uti',
    modules: [
      {
        title: 'Diagnóstico da lesão renal aguda',
        lessons: [
          video(
            'Critérios KDIGO e biomarcadores',
            'Zx2cV5bN8mQ',
            17,
            'Creatinina e débito urinário, e onde os novos biomarcadores ajudam na decisão.',
          ),
          video(
            'Avaliação volêmica à beira do leito',
            'Lk4jH7gF1dS',
            22,
            'Ultrassom pulmonar, VExUS e prova de volume: quando dar e quando retirar líquido.',
          ),
        ],
      },
      {
        title: 'Terapia renal substitutiva',
        lessons: [
          video(
            'Quando iniciar a diálise na UTI',
            'Mn6bV9cX3zA',
            19,
            'Indicações absolutas e o que os estudos de timing mostram sobre o início precoce.',
          ),
          video(
            'CVVHDF e anticoagulação regional com citrato',
            'Qw8eR1tY4uI',
            26,
            'Prescrição da dose, reposição de cálcio e monitorização do cálcio iônico pós-filtro.',
          ),
          reading(
            'Ajuste de antibióticos em terapia contínua',
            'Betalactâmicos em infusão estendida e dose de ataque plena: a depuração extracorpórea é alta nas primeiras 48 horas.',
          ),
        ],
      },
    ],
    materials: ['Protocolo de anticoagulação regional com citrato'],
  },
  {
    courseId: 5,
    url: 'pesquisa-clinica-e-boas-praticas-clinicas',
    modules: [
      {
        title: 'Ética e regulação',
        lessons: [
          video(
            'História da ética em pesquisa',
            'Er5tY8uI2oP',
            14,
            'De Nuremberg a Helsinque: por que a pesquisa clínica tem as regras que tem.',
          ),
          video(
            'CEP, Conep e Plataforma Brasil',
            'Ty1uI4oP7aS',
            18,
            'O caminho de um protocolo até a aprovação, com os prazos e os documentos de cada etapa.',
          ),
        ],
      },
      {
        title: 'Boas Práticas Clínicas na rotina do centro',
        lessons: [
          video(
            'Consentimento livre e esclarecido',
            'Gh3jK6lZ9xC',
            16,
            'Como aplicar e documentar o TCLE, inclusive em participantes vulneráveis.',
          ),
          video(
            'Eventos adversos e notificação',
            'Bn7mQ2wE5rT',
            15,
            'Classificação de gravidade, causalidade e prazos de notificação ao patrocinador e ao CEP.',
          ),
        ],
      },
    ],
    materials: ['Modelo de TCLE comentado'],
  },
  {
    courseId: 6,
    url: 'nefropediatria-essencial',
    modules: [
      {
        title: 'Função renal e infecção urinária na criança',
        lessons: [
          video(
            'Estimando a função renal na criança',
            'Ui4oP7aS1dF',
            13,
            'A equação de Schwartz à beira do leito e os valores de referência por idade.',
          ),
          video(
            'ITU febril e refluxo vesicoureteral',
            'Hj8kL1zX4cV',
            18,
            'Diagnóstico, tratamento e quem investigar com uretrocistografia.',
          ),
        ],
      },
      {
        title: 'Síndromes glomerulares e hipertensão',
        lessons: [
          video(
            'Síndrome nefrótica idiopática',
            'Nm2bV5cX8zA',
            20,
            'Corticoide na primeira crise, recaídas e quando pensar em corticorresistência.',
          ),
          video(
            'Hipertensão arterial na infância',
            'Sd6fG9hJ3kL',
            15,
            'Medida correta, tabelas por percentil e investigação de causas secundárias.',
          ),
        ],
      },
    ],
    materials: ['Tabela de pressão arterial pediátrica por percentil'],
  },
  {
    courseId: SEED_IDS.courses.demo,
    url: 'minicurso-sinais-de-alerta-da-doenca-renal',
    modules: [
      {
        title: 'Sinais de alerta',
        lessons: [
          clip(
            'Os sinais que os rins dão',
            'RnlsDemo001',
            'Inchaço nas pernas e ao redor dos olhos, urina espumosa, urinar à noite, pressão alta e cansaço sem causa aparente.',
          ),
          clip(
            'Quem deve ser rastreado',
            'RnlsDemo002',
            'Pessoas com diabetes, hipertensão, mais de 60 anos, obesidade ou doença renal na família: creatinina e exame de urina uma vez por ano.',
          ),
          clip(
            'Os exames que contam a história',
            'RnlsDemo003',
            'A taxa de filtração glomerular estimada, a partir da creatinina, e a relação albumina/creatinina na urina.',
          ),
          reading(
            'Leitura: cuidar dos rins no dia a dia',
            '## No dia a dia\n\n- Beba água ao longo do dia\n- Controle a pressão e a glicemia\n- Evite anti-inflamatórios sem orientação médica\n- Não fume\n\n## Quando procurar a unidade de saúde\n\nSe notar inchaço, urina com espuma ou sangue, ou se tiver diabetes ou hipertensão e nunca tiver feito os exames dos rins.',
          ),
        ],
      },
    ],
    materials: [],
  },
]

export const MODULE_ROWS: ModuleRow[] = []
export const LESSON_ROWS: LessonRow[] = []
export const MATERIAL_ROWS: (MaterialRow & { fileKey: string })[] = []
for (const course of CONTENT) {
  course.modules.forEach((module, moduleIndex) => {
    const moduleId = MODULE_ROWS.length + 1
    MODULE_ROWS.push({
      id: moduleId,
      courseId: course.courseId,
      title: module.title,
      sortOrder: moduleIndex + 1,
    })
    module.lessons.forEach((lesson, lessonIndex) => {
      LESSON_ROWS.push({
        id: LESSON_ROWS.length + 1,
        moduleId,
        title: lesson.title,
        youtubeId: lesson.youtubeId,
        durationSeconds: lesson.seconds ?? (lesson.minutes === null ? null : lesson.minutes * 60),
        body: lesson.body,
        sortOrder: lessonIndex + 1,
      })
    })
  })
  course.materials.forEach((title, index) => {
    MATERIAL_ROWS.push({
      id: MATERIAL_ROWS.length + 1,
      courseId: course.courseId,
      title,
      fileKey: `cursos/${course.url}/${slugify(title, 160)}.pdf`,
      contentType: 'application/pdf',
      sortOrder: index + 1,
    })
  })
}

/** An in-person class's practical details (markdown): schedule, what to bring, how to get there. */
export const CLASS_DETAILS: Record<number, string> = {
  9: [
    '## Programação',
    'Sexta e sábado, das 8h às 18h; domingo, das 8h às 12h. Credenciamento a partir das 7h30 na recepção do Centro de Ensino.',
    '## O que levar',
    '- Documento com foto e o número do CRM\n- Jaleco (para a visita técnica à unidade de diálise)\n- Calculadora ou celular para as oficinas de prescrição',
    '## Como chegar',
    'Rua Padre Anchieta, 1000, Bigorrilho, Curitiba/PR. Estacionamento conveniado ao lado (desconto com o selo do curso).',
  ].join('\n\n'),
  10: [
    '## Programação',
    'Sexta e sábado, das 8h às 18h; domingo, das 8h às 12h.',
    '## O que levar',
    '- Documento com foto e o número do CRM\n- Jaleco para a visita técnica',
  ].join('\n\n'),
  11: [
    '## Programação',
    'Sexta, das 13h às 19h; sábado, das 8h às 18h.',
    '## O que levar',
    '- Jaleco e sapato fechado para a oficina de troca e de cicladora\n- Documento com foto',
  ].join('\n\n'),
}

// ── The demo student's history ──────────────────────────────────────────────

const STUDENT = SEED_IDS.users.student
/** The demo student as a payer (the seeded orders', and the stack's recent purchase: DEMO_RECENT_PURCHASE). */
export const DEMO_PAYER = {
  name: 'Ana Beatriz Souza',
  email: 'aluno@instituto.test',
  cpf: '52998224725',
  phone: '(41) 99876-5432',
}
/** The demo student's billing address (the institute's street in Curitiba); the tests' buyers use it too. */
export const ADDRESS = {
  zip_code: '80730-000',
  street: 'Rua Padre Anchieta',
  number: '1000',
  neighborhood: 'Bigorrilho',
  city: 'Curitiba',
  state: 'PR',
}
const at = (iso: string) => new Date(iso)

/** Order ids (random in real orders); a seeded order never reached the local sandbox. */
export const DEMO_ORDER_IDS = {
  card: 'ped_5eed0000000000000000000000000001',
  boleto: 'ped_5eed0000000000000000000000000002',
  pix: 'ped_5eed0000000000000000000000000003',
  expired: 'ped_5eed0000000000000000000000000004',
} as const

type OrderRow = typeof orders.$inferInsert
const order = (values: Omit<OrderRow, 'userId' | 'payer' | 'gateway'>): OrderRow => ({
  userId: STUDENT,
  payer: DEMO_PAYER,
  gateway: 'sandbox',
  ...values,
})

export const DEMO_ORDER_ROWS: OrderRow[] = [
  // Hemodiálise para Enfermagem (R$ 1.000,00) in 3x on a card: each item × 1.015³ (SPEC 9).
  order({
    id: DEMO_ORDER_IDS.card,
    cartHash: 'seed-pedido-cartao',
    idempotencyKey: 'seed-pedido-cartao',
    status: 'paid',
    paymentType: 'CREDIT_CARD',
    instalments: 3,
    grossCents: 100000,
    interestCents: 4568,
    totalCents: 104568,
    billingAddress: ADDRESS,
    createdAt: at('2026-10-05T14:12:00-03:00'),
    paidAt: at('2026-10-05T14:12:04-03:00'),
  }),
  order({
    id: DEMO_ORDER_IDS.boleto,
    cartHash: 'seed-pedido-boleto',
    idempotencyKey: 'seed-pedido-boleto',
    status: 'paid',
    paymentType: 'BOLETO',
    grossCents: 49000,
    totalCents: 49000,
    createdAt: at('2026-10-20T09:30:00-03:00'),
    paidAt: at('2026-10-22T11:05:00-03:00'),
  }),
  order({
    id: DEMO_ORDER_IDS.pix,
    cartHash: 'seed-pedido-pix',
    idempotencyKey: 'seed-pedido-pix',
    status: 'paid',
    paymentType: 'PIX',
    grossCents: 280000,
    totalCents: 280000,
    createdAt: at('2026-11-02T20:41:00-03:00'),
    paidAt: at('2026-11-02T20:43:10-03:00'),
  }),
  // A boleto never paid: closed as expired; Minhas compras can issue it again.
  order({
    id: DEMO_ORDER_IDS.expired,
    cartHash: 'seed-pedido-expirado',
    idempotencyKey: 'seed-pedido-expirado',
    status: 'expired',
    paymentType: 'BOLETO',
    grossCents: 18900,
    totalCents: 18900,
    createdAt: at('2026-11-10T16:20:00-03:00'),
  }),
]

export const DEMO_ORDER_ITEM_ROWS: (typeof orderItems.$inferInsert)[] = [
  {
    orderId: DEMO_ORDER_IDS.card,
    itemType: 'turma',
    itemId: 1,
    classId: 1,
    courseId: 1,
    name: 'Hemodiálise para Enfermagem — Comece agora',
    grossCents: 100000,
    netCents: 100000,
  },
  {
    orderId: DEMO_ORDER_IDS.boleto,
    itemType: 'turma',
    itemId: 3,
    classId: 3,
    courseId: 2,
    name: 'Doença Renal Crônica na Atenção Primária — Comece agora',
    grossCents: 49000,
    netCents: 49000,
  },
  {
    orderId: DEMO_ORDER_IDS.pix,
    itemType: 'turma',
    itemId: 9,
    classId: 9,
    courseId: 7,
    name: 'Hemodiálise Avançada para Nefrologistas — Turma abril/2027 – Curitiba',
    grossCents: 280000,
    netCents: 280000,
  },
  {
    orderId: DEMO_ORDER_IDS.expired,
    itemType: 'produto',
    itemId: 3,
    name: 'Manual Prático de Hemodiálise – Edição Impressa',
    grossCents: 18900,
    netCents: 18900,
  },
]

export const DEMO_ENROLLMENT_ROWS: (typeof enrollments.$inferInsert)[] = [
  { userId: STUDENT, classId: 1, orderId: DEMO_ORDER_IDS.card, createdAt: at('2026-10-05T14:12:04-03:00') },
  { userId: STUDENT, classId: 3, orderId: DEMO_ORDER_IDS.boleto, createdAt: at('2026-10-22T11:05:00-03:00') },
  { userId: STUDENT, classId: 9, orderId: DEMO_ORDER_IDS.pix, createdAt: at('2026-11-02T20:43:10-03:00') },
]

/** Two lessons of Hemodiálise para Enfermagem already watched. */
export const DEMO_PROGRESS_ROWS: (typeof lessonProgress.$inferInsert)[] = [
  { userId: STUDENT, lessonId: 1, watchedAt: at('2026-10-06T19:00:00-03:00') },
  { userId: STUDENT, lessonId: 2, watchedAt: at('2026-10-07T19:30:00-03:00') },
]

/**
 * The demo student's evidence of study of Hemodiálise para Enfermagem (issue 39): every video
 * played whole, one an evening, and the reading opened. The certificate it earns is issued when
 * the local stack starts (scripts/lib/stack.ts), by the issuing service and signed with the
 * stack's key: DEMO_CERTIFICATE.
 */
const COURSE_ONE_MODULES = new Set(MODULE_ROWS.filter((row) => row.courseId === 1).map((row) => row.id))
const COURSE_ONE_LESSONS = LESSON_ROWS.filter((row) => COURSE_ONE_MODULES.has(row.moduleId))
export const DEMO_SEGMENT_ROWS: (typeof lessonSegments.$inferInsert)[] = COURSE_ONE_LESSONS.filter(
  (lesson) => lesson.youtubeId !== null,
).map((lesson, index) => {
  const start = at(`2026-10-${String(6 + index).padStart(2, '0')}T19:00:00-03:00`)
  const ms = (lesson.durationSeconds ?? 0) * 1000
  return {
    userId: STUDENT,
    lessonId: lesson.id,
    playback: `5eed0000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
    fromMs: 0,
    toMs: ms,
    createdAt: start,
    updatedAt: new Date(start.getTime() + ms),
  }
})
export const DEMO_OPENING_ROWS: (typeof lessonOpenings.$inferInsert)[] = COURSE_ONE_LESSONS.filter(
  (lesson) => lesson.youtubeId === null,
).map((lesson) => ({ userId: STUDENT, lessonId: lesson.id, openedAt: at('2026-10-09T20:30:00-03:00') }))

/** The certificate the demo student earned, issued by the running stack (its key signs it). */
export const DEMO_CERTIFICATE = {
  courseUrl: 'hemodialise-para-enfermagem',
  name: 'Ana Beatriz Souza',
} as const

/**
 * The demo student's recent purchase (issue 40, item 4): a seeded order never reached the payment
 * sandbox, so none of them can be refunded, and their 7 days are long gone. The local stack, when it
 * starts with the sandbox (scripts/lib/demo-purchase.ts), has the demo student buy an online course
 * by card through the checkout API, as a browser would, unless a purchase of hers still offers
 * 'Solicitar reembolso': the first of these classes (online 'Comece agora') she does not hold yet.
 */
export const DEMO_RECENT_PURCHASE = {
  /** Pesquisa Clínica (BPC/GCP), Nutrição Renal na Prática Clínica, Nefropediatria Essencial, LRA na UTI. */
  classIds: [7, 4, 8, 5],
} as const

/** A free e-book added to the library by hand (the others come with the courses). */
export const DEMO_LIBRARY_ROWS: (typeof ebookLibrary.$inferInsert)[] = [
  { userId: STUDENT, ebookId: 5, addedAt: at('2026-10-30T10:00:00-03:00') },
]

// ── An edital with monthly fees, and the demo student's application ────────

export const SPECIALIZATION_EDITAL: typeof editais.$inferInsert & { id: number } = {
  id: 3,
  slug: 'especializacao-multiprofissional-em-nefrologia-2027',
  title: 'Especialização Multiprofissional em Nefrologia 2027',
  summary:
    'Pós-graduação lato sensu de 12 meses para enfermeiros, nutricionistas, farmacêuticos e fisioterapeutas, com matrícula e mensalidades pagas pelo site.',
  isOpen: true,
  places: 30,
  opensAt: at('2026-09-01T08:00:00-03:00'),
  closesAt: at('2027-02-28T23:59:59-03:00'),
  body: [
    'O Instituto Renalis torna pública a seleção para a Especialização Multiprofissional em Nefrologia, com aulas quinzenais presenciais em Curitiba e atividades online.',
    '## Vagas',
    '30 vagas para profissionais de saúde graduados em Enfermagem, Nutrição, Farmácia ou Fisioterapia.',
    '## Investimento',
    'Matrícula de R$ 450,00 e mensalidades de R$ 890,00, pagas por cartão de crédito (em até 3 vezes), cartão de débito ou boleto, em Meus editais.',
    '## Seleção',
    'Análise de currículo e entrevista. O resultado sai em até 10 dias após a inscrição.',
  ].join('\n\n'),
}

const METHODS = ['credit_card', 'boleto', 'debit_card'] as ('credit_card' | 'boleto' | 'debit_card')[]

/** Plan ids of the specialization: the registration (paid in the seed) and four monthly fees. */
export const DEMO_PLAN_IDS = { registration: 4, march: 5, april: 6, may: 7, june: 8 } as const

export const SPECIALIZATION_PLAN_ROWS: (typeof feePlans.$inferInsert & { id: number })[] = [
  {
    id: DEMO_PLAN_IDS.registration,
    name: 'Matrícula',
    amountCents: 45000,
    paymentMethods: METHODS,
    instalmentTimes: 1,
  },
  {
    id: DEMO_PLAN_IDS.march,
    name: 'Mensalidade de março/2027',
    kind: 'monthly' as const,
    dueOn: '2027-03-10',
    amountCents: 89000,
    paymentMethods: METHODS,
    instalmentTimes: 3,
  },
  {
    id: DEMO_PLAN_IDS.april,
    name: 'Mensalidade de abril/2027',
    kind: 'monthly' as const,
    dueOn: '2027-04-10',
    amountCents: 89000,
    paymentMethods: METHODS,
    instalmentTimes: 3,
  },
  {
    id: DEMO_PLAN_IDS.may,
    name: 'Mensalidade de maio/2027',
    kind: 'monthly' as const,
    dueOn: '2027-05-10',
    amountCents: 89000,
    paymentMethods: METHODS,
    instalmentTimes: 3,
  },
  {
    id: DEMO_PLAN_IDS.june,
    name: 'Mensalidade de junho/2027',
    kind: 'monthly' as const,
    dueOn: '2027-06-10',
    amountCents: 89000,
    paymentMethods: METHODS,
    instalmentTimes: 3,
  },
].map((plan) => ({ ...plan, editalId: SPECIALIZATION_EDITAL.id }))

export const DEMO_APPLICATION_ROWS: (typeof applications.$inferInsert & { id: number })[] = [
  {
    id: 1,
    editalId: SPECIALIZATION_EDITAL.id,
    userId: STUDENT,
    status: 'approved',
    createdAt: at('2026-11-05T10:15:00-03:00'),
  },
]

export const DEMO_PLAN_PAYMENT_ROWS: (typeof planPayments.$inferInsert)[] = [
  {
    id: 'pla_5eed0000000000000000000000000001',
    planId: DEMO_PLAN_IDS.registration,
    applicationId: 1,
    userId: STUDENT,
    idempotencyKey: 'seed-matricula-especializacao',
    status: 'paid',
    paymentMethod: 'credit_card',
    amountCents: 45000,
    gateway: 'sandbox',
    payer: { id: STUDENT, ...DEMO_PAYER },
    billingAddress: ADDRESS,
    createdAt: at('2026-11-06T08:40:00-03:00'),
    paidAt: at('2026-11-06T08:40:03-03:00'),
  },
]
