/**
 * The demo catalogue: courses with their classes (turmas), products, bundles, coupons and e-books.
 * Ids are explicit so tests and the home showcase can point at them (see SEED_IDS).
 */
import { priceBundle } from '../../worker/domain/pricing.ts'
import type { bundleClasses, bundles, classes, coupons, courses, ebooks, products } from '../schema.ts'

type CourseRow = typeof courses.$inferInsert
type ClassRow = typeof classes.$inferInsert
type ProductRow = typeof products.$inferInsert
type BundleRow = typeof bundles.$inferInsert
type BundleClassRow = typeof bundleClasses.$inferInsert
type CouponRow = typeof coupons.$inferInsert
type EbookRow = typeof ebooks.$inferInsert

/** Ids the tests of other parts may rely on. */
export const SEED_IDS = {
  users: { admin: 1, student: 2 },
  /** The demo course (issue 39): three clips of the local player's video and a reading. */
  courses: { demo: 16 },
  classes: {
    /** 'Comece agora' of Hemodiálise para Enfermagem: R$ 1.000,00, up to 12 instalments, no student price. */
    price1000: 1,
    /** 'Comece agora' of Doença Renal Crônica na Atenção Primária: R$ 490,00, up to 12 instalments. */
    price490: 3,
    /** Transplante Renal, February 2027: closed for enrollment. */
    closed: 13,
    /** The demo course's class (issue 39): R$ 19,90 in one payment, finished in a few minutes. */
    demo: 22,
  },
  bundles: { percent: 1, fixed: 2 },
  coupons: { percentOnClass: 1, fixedOnCourse: 2, expired: 3 },
  products: { cannulationPad: 1 },
} as const

const CENTER = 'Centro de Ensino Instituto Renalis – Rua Padre Anchieta, 1000, Bigorrilho, Curitiba/PR'
const SKILLS_LAB = 'Laboratório de Habilidades do Instituto Renalis – Rua Padre Anchieta, 1000, Curitiba/PR'
const PARTNER_HOSPITAL =
  'Teoria no Instituto Renalis; prática no serviço de nefrologia de hospital parceiro – Curitiba/PR'

type Description = {
  intro: string[]
  objectives: string[]
  audience: string
  program: string[]
  method: string
  hours: number
  online: boolean
}

/** Course pages render this simple markdown: the same sections for every course. */
function describe(d: Description) {
  const certificate = d.online
    ? `Certificado digital de conclusão emitido pelo Instituto Renalis, com carga horária de ${d.hours} horas, para quem assistir a todas as videoaulas e obtiver nota mínima 7,0 na avaliação final.`
    : `Certificado de participação emitido pelo Instituto Renalis, com carga horária de ${d.hours} horas, para quem tiver frequência mínima de 75% das atividades.`
  return [
    ...d.intro,
    '## Objetivos',
    d.objectives.map((item) => `- ${item}`).join('\n'),
    '## Público-alvo',
    d.audience,
    '## Conteúdo programático',
    d.program.map((item, i) => `${i + 1}. ${item}`).join('\n'),
    '## Metodologia',
    d.method,
    '## Certificação',
    certificate,
    '## Carga horária',
    `${d.hours} horas.`,
  ].join('\n\n')
}

type CourseSeed = Omit<CourseRow, 'slider' | 'description'> & {
  id: number
  slider: [string, string][]
  description: string
  classes: (Omit<ClassRow, 'courseId'> & { id: number })[]
}

/** [name, 'svg'] pairs: the pictures are drawn by scripts/draw-images.ts. */
function slides(url: string, count: number): [string, string][] {
  return Array.from({ length: count }, (_, i) => [`${url}-${i + 1}`, 'svg'])
}

export const COURSES: CourseSeed[] = [
  // ── Online ────────────────────────────────────────────────────────────────
  {
    id: 1,
    url: 'hemodialise-para-enfermagem',
    name: 'Hemodiálise para Enfermagem',
    section: 'online',
    sortOrder: 1,
    workloadHours: 60,
    slider: slides('hemodialise-para-enfermagem', 2),
    summary:
      'Formação completa para enfermeiros e técnicos que atuam ou querem atuar em unidades de diálise, do preparo da máquina ao manejo das intercorrências.',
    description: describe({
      intro: [
        'A enfermagem é a linha de frente da hemodiálise: é quem recebe o paciente, avalia o acesso vascular, programa a sessão e reconhece as complicações antes que se tornem graves.',
        'Este curso reúne, em videoaulas curtas e material para download, a rotina de uma unidade de diálise segundo a RDC nº 11/2014 da Anvisa e as boas práticas atuais de segurança do paciente.',
      ],
      objectives: [
        'Compreender os princípios de difusão, convecção e ultrafiltração aplicados à prescrição',
        'Montar, testar e desinfetar o circuito extracorpóreo com segurança',
        'Avaliar e puncionar a fístula arteriovenosa e manusear cateteres com técnica asséptica',
        'Reconhecer e conduzir hipotensão, cãibras, reações ao dialisador e outras intercorrências',
      ],
      audience:
        'Enfermeiros, técnicos de enfermagem e estudantes de enfermagem dos últimos períodos interessados em terapia renal substitutiva.',
      program: [
        'Anatomia e fisiologia renal; a doença renal crônica em estágio 5',
        'Princípios físicos da hemodiálise e componentes da máquina',
        'Tratamento de água para hemodiálise: sistema de osmose reversa e controle microbiológico',
        'Acessos vasculares: exame físico da fístula, técnicas de punção e cuidados com cateter',
        'Anticoagulação do circuito e controle de sinais vitais durante a sessão',
        'Intercorrências intradialíticas e atendimento de emergência',
        'Reuso de dialisadores, biossegurança e prevenção de infecção',
        'Educação do paciente e sistematização da assistência de enfermagem (SAE) em nefrologia',
      ],
      method:
        'Curso 100% online, com videoaulas gravadas, apostilas em PDF para download e impressão, casos clínicos comentados e fórum de dúvidas com os professores. O acesso vale por 12 meses.',
      hours: 60,
      online: true,
    }),
    classes: [
      {
        id: 1,
        name: 'Comece agora',
        type: 'C',
        priceCents: 100000,
        instalmentTimes: 12,
      },
      {
        id: 2,
        name: 'Turma agosto/2027 – com encontros ao vivo',
        type: 'N',
        courseInit: '2027-08-02',
        priceCents: 110000,
        studentPriceCents: 88000,
        studentDiscount: 'A',
        instalmentTimes: 10,
      },
    ],
  },
  {
    id: 2,
    url: 'doenca-renal-cronica-na-atencao-primaria',
    name: 'Doença Renal Crônica na Atenção Primária',
    section: 'online',
    sortOrder: 2,
    workloadHours: 30,
    slider: slides('doenca-renal-cronica-na-atencao-primaria', 2),
    summary:
      'Rastreamento, estadiamento e manejo da doença renal crônica na atenção primária, com critérios claros de encaminhamento ao nefrologista.',
    description: describe({
      intro: [
        'A doença renal crônica atinge cerca de um em cada dez adultos e, na maioria das vezes, evolui em silêncio. Hipertensão e diabetes respondem pela maior parte dos casos que chegam à diálise.',
        'O curso prepara médicos e enfermeiros da atenção primária para identificar cedo quem tem DRC, retardar sua progressão e encaminhar no momento certo, conforme as diretrizes KDIGO e a linha de cuidado do Ministério da Saúde.',
      ],
      objectives: [
        'Rastrear a DRC em grupos de risco com creatinina, TFG estimada e relação albumina/creatinina',
        'Estadiar a doença pela classificação KDIGO (TFG e albuminúria)',
        'Aplicar medidas de nefroproteção: controle pressórico, iSGLT2, bloqueio do SRAA',
        'Reconhecer critérios de encaminhamento ao nefrologista',
      ],
      audience:
        'Médicos de família, clínicos gerais, enfermeiros da Estratégia Saúde da Família e residentes.',
      program: [
        'Epidemiologia da DRC no Brasil',
        'Estimativa da taxa de filtração glomerular: CKD-EPI 2021 e cistatina C',
        'Albuminúria: coleta, interpretação e seguimento',
        'Nefroproteção no diabetes e na hipertensão',
        'Anemia, distúrbio mineral e ósseo e acidose metabólica na DRC',
        'Ajuste de doses de medicamentos e nefrotoxicidade',
        'Quando e como encaminhar: regulação e contrarreferência',
      ],
      method:
        'Videoaulas, fluxogramas para impressão, calculadora de TFG comentada e casos clínicos da rotina da unidade básica.',
      hours: 30,
      online: true,
    }),
    classes: [{ id: 3, name: 'Comece agora', type: 'C', priceCents: 49000, instalmentTimes: 12 }],
  },
  {
    id: 3,
    url: 'nutricao-renal-na-pratica-clinica',
    name: 'Nutrição Renal na Prática Clínica',
    section: 'online',
    sortOrder: 3,
    workloadHours: 40,
    slider: slides('nutricao-renal-na-pratica-clinica', 2),
    summary:
      'Terapia nutricional do paciente renal em tratamento conservador, diálise e transplante, com foco em prescrição e educação alimentar.',
    description: describe({
      intro: [
        'Fósforo, potássio, sódio, proteína e líquidos: a dieta do paciente renal é cheia de restrições, e a adesão depende de orientações práticas e realistas.',
        'Este curso apresenta a terapia nutricional em cada fase da doença renal, com base nas diretrizes KDOQI de nutrição (2020), e traz ferramentas para a consulta: avaliação nutricional, cálculo de necessidades e montagem de cardápios.',
      ],
      objectives: [
        'Avaliar o estado nutricional do paciente renal (ASG-7p, bioimpedância, força de preensão)',
        'Prescrever dietas hipoproteicas no tratamento conservador, com ou sem cetoanálogos',
        'Orientar o controle de fósforo, potássio e líquidos na diálise',
        'Conduzir a educação alimentar com linguagem acessível',
      ],
      audience:
        'Nutricionistas, estudantes de nutrição e profissionais de equipes multiprofissionais de nefrologia.',
      program: [
        'Metabolismo na DRC e desnutrição energético-proteica',
        'Avaliação nutricional em nefrologia',
        'Tratamento conservador: dieta hipoproteica e cetoanálogos',
        'Hemodiálise e diálise peritoneal: necessidades e suplementação',
        'Fósforo: aditivos alimentares, quelantes e contagem de fósforo',
        'Potássio, sódio e controle hídrico',
        'Nutrição no transplante renal',
        'Cardápios e materiais educativos',
      ],
      method: 'Videoaulas, tabelas de composição de alimentos, modelos de cardápio e estudos de caso.',
      hours: 40,
      online: true,
    }),
    classes: [
      {
        id: 4,
        name: 'Comece agora',
        type: 'C',
        priceCents: 69000,
        studentPriceCents: 55200,
        studentDiscount: 'A',
        instalmentTimes: 10,
      },
    ],
  },
  {
    id: 4,
    url: 'lesao-renal-aguda-na-uti',
    name: 'Lesão Renal Aguda e Terapia Renal Substitutiva na UTI',
    section: 'online',
    sortOrder: 4,
    workloadHours: 45,
    slider: slides('lesao-renal-aguda-na-uti', 3),
    summary:
      'Diagnóstico, prevenção e tratamento da lesão renal aguda no paciente crítico, incluindo indicação e prescrição de diálise contínua e intermitente.',
    description: describe({
      intro: [
        'A lesão renal aguda acomete mais da metade dos pacientes internados em UTI e aumenta a mortalidade, o tempo de internação e o risco de doença renal crônica.',
        'O curso percorre o caminho do paciente crítico com LRA: do reconhecimento precoce pelos critérios KDIGO à escolha da modalidade dialítica, da anticoagulação com citrato ao desmame da terapia renal substitutiva.',
      ],
      objectives: [
        'Diagnosticar e estadiar a LRA pelos critérios KDIGO',
        'Conduzir a ressuscitação volêmica guiada e evitar a sobrecarga de fluidos',
        'Indicar o momento e a modalidade da terapia renal substitutiva',
        'Prescrever hemodiálise contínua (CVVHDF) com anticoagulação regional por citrato',
      ],
      audience:
        'Intensivistas, nefrologistas, residentes de clínica médica e medicina intensiva e enfermeiros de UTI.',
      program: [
        'Definição, epidemiologia e biomarcadores de LRA',
        'LRA na sepse, no pós-operatório e por contraste',
        'Avaliação volêmica à beira do leito',
        'Distúrbios hidroeletrolíticos e ácido-básicos graves',
        'Indicações e timing da terapia renal substitutiva',
        'Terapias contínuas, SLED e hemodiálise intermitente',
        'Anticoagulação: heparina e citrato',
        'Dose de diálise, ajuste de antibióticos e desmame',
      ],
      method: 'Videoaulas, simulações de prescrição e discussões de casos reais de UTI.',
      hours: 45,
      online: true,
    }),
    classes: [
      { id: 5, name: 'Comece agora', type: 'C', priceCents: 129000, instalmentTimes: 12 },
      {
        id: 6,
        name: 'Turma março/2027 – com discussões de caso ao vivo',
        type: 'N',
        courseInit: '2027-03-15',
        priceCents: 139000,
        instalmentTimes: 12,
        isBoletoAllowed: false,
      },
    ],
  },
  {
    id: 5,
    url: 'pesquisa-clinica-e-boas-praticas-clinicas',
    name: 'Pesquisa Clínica e Boas Práticas Clínicas (BPC/GCP)',
    section: 'online',
    sortOrder: 5,
    workloadHours: 24,
    slider: slides('pesquisa-clinica-e-boas-praticas-clinicas', 1),
    summary:
      'Fundamentos de pesquisa clínica e das Boas Práticas Clínicas (ICH E6) para quem vai integrar a equipe de um centro de pesquisa.',
    description: describe({
      intro: [
        'Participar de estudos clínicos exige conhecer as regras: as Boas Práticas Clínicas da ICH E6, a Resolução CNS nº 466/2012, o sistema CEP/Conep e as normas da Anvisa para ensaios com medicamentos.',
        'Desenvolvido pela equipe do Centro de Pesquisa Clínica do Instituto Renalis, o curso prepara investigadores, coordenadores e farmacêuticos de estudo para a rotina de um centro de pesquisa em nefrologia.',
      ],
      objectives: [
        'Conhecer as fases da pesquisa clínica e o papel de cada membro da equipe',
        'Aplicar os princípios das Boas Práticas Clínicas (ICH E6 R3)',
        'Conduzir o processo de consentimento livre e esclarecido',
        'Registrar e notificar eventos adversos corretamente',
      ],
      audience:
        'Médicos, enfermeiros, farmacêuticos, biomédicos e estudantes que atuam ou desejam atuar em centros de pesquisa clínica.',
      program: [
        'História e ética da pesquisa com seres humanos',
        'Regulação brasileira: CEP/Conep, Anvisa e Plataforma Brasil',
        'Boas Práticas Clínicas: princípios e responsabilidades',
        'Consentimento livre e esclarecido',
        'Documentos essenciais e monitoria',
        'Eventos adversos e farmacovigilância',
      ],
      method:
        'Videoaulas, leituras dirigidas e avaliação final. Certificado aceito por patrocinadores como treinamento em BPC.',
      hours: 24,
      online: true,
    }),
    classes: [{ id: 7, name: 'Comece agora', type: 'C', priceCents: 29000, instalmentTimes: 6 }],
  },
  {
    id: 6,
    url: 'nefropediatria-essencial',
    name: 'Nefropediatria Essencial',
    section: 'online',
    sortOrder: 6,
    workloadHours: 36,
    slider: slides('nefropediatria-essencial', 2),
    summary:
      'As doenças renais mais frequentes da infância, da infecção urinária às glomerulopatias, para pediatras e residentes.',
    description: describe({
      intro: [
        'Infecção do trato urinário, hidronefrose antenatal, síndrome nefrótica e hipertensão arterial estão entre os problemas renais que o pediatra mais encontra no consultório e no pronto-atendimento.',
        'O curso aborda essas condições com foco em diagnóstico, conduta inicial e critérios de encaminhamento ao nefropediatra.',
      ],
      objectives: [
        'Investigar e tratar a infecção urinária na criança',
        'Conduzir a síndrome nefrótica corticossensível',
        'Medir e interpretar a pressão arterial na infância',
        'Reconhecer a lesão renal aguda e a DRC pediátrica',
      ],
      audience: 'Pediatras, residentes de pediatria, médicos de família e enfermeiros que atendem crianças.',
      program: [
        'Avaliação da função renal na criança',
        'Infecção do trato urinário e refluxo vesicoureteral',
        'Hidronefrose antenatal e uropatias obstrutivas',
        'Síndrome nefrótica e síndrome nefrítica',
        'Hipertensão arterial na infância',
        'LRA e DRC em pediatria',
      ],
      method: 'Videoaulas, algoritmos para impressão e casos clínicos comentados.',
      hours: 36,
      online: true,
    }),
    classes: [
      {
        id: 8,
        name: 'Comece agora',
        type: 'C',
        priceCents: 79000,
        studentPriceCents: 63200,
        studentDiscount: 'A',
        instalmentTimes: 10,
      },
    ],
  },

  // ── Presencial ────────────────────────────────────────────────────────────
  {
    id: 7,
    url: 'hemodialise-avancada',
    name: 'Hemodiálise Avançada para Nefrologistas',
    section: 'presencial',
    sortOrder: 1,
    workloadHours: 24,
    slider: slides('hemodialise-avancada', 3),
    summary:
      'Prescrição individualizada, hemodiafiltração, adequação e qualidade em hemodiálise: três dias de imersão em Curitiba.',
    description: describe({
      intro: [
        'A hemodiálise mudou: hemodiafiltração online, diálise incremental, novos dialisadores e indicadores de qualidade exigem do nefrologista uma prescrição cada vez mais individualizada.',
        'Em três dias de aulas e discussões em pequenos grupos, o curso revisa o estado da arte da hemodiálise crônica e leva a teoria para a prática da unidade.',
      ],
      objectives: [
        'Individualizar a prescrição de hemodiálise (tempo, frequência, fluxo e banho)',
        'Indicar e prescrever a hemodiafiltração online',
        'Avaliar a adequação dialítica (Kt/V, URR) e o controle volêmico',
        'Implantar indicadores de qualidade na unidade de diálise',
      ],
      audience:
        'Nefrologistas, residentes de nefrologia (R2 e R3) e responsáveis técnicos por unidades de diálise.',
      program: [
        'Cinética da ureia e adequação dialítica',
        'Hemodiafiltração online: evidências e prescrição',
        'Diálise incremental e programas de frequência aumentada',
        'Composição do dialisato: sódio, potássio, cálcio e bicarbonato',
        'Peso seco, bioimpedância e ultrassom pulmonar',
        'Hipotensão intradialítica e cardioproteção',
        'Gestão da qualidade e indicadores da unidade',
      ],
      method:
        'Aulas expositivas, discussão de casos, oficinas de prescrição e visita técnica a uma unidade de diálise.',
      hours: 24,
      online: false,
    }),
    classes: [
      {
        id: 9,
        name: 'Turma abril/2027 – Curitiba',
        type: 'N',
        courseInit: '2027-04-09',
        location: CENTER,
        priceCents: 280000,
        studentPriceCents: 224000,
        studentDiscount: 'A',
        instalmentTimes: 10,
        seats: 40,
      },
      {
        id: 10,
        name: 'Turma setembro/2027 – Curitiba',
        type: 'N',
        courseInit: '2027-09-17',
        location: CENTER,
        priceCents: 280000,
        instalmentTimes: 10,
        seats: 40,
      },
    ],
  },
  {
    id: 8,
    url: 'dialise-peritoneal',
    name: 'Diálise Peritoneal: Prescrição, Treinamento e Complicações',
    section: 'presencial',
    sortOrder: 2,
    workloadHours: 16,
    slider: slides('dialise-peritoneal', 2),
    summary:
      'Da implantação do programa de diálise peritoneal ao tratamento da peritonite, com prática de troca e de treinamento do paciente.',
    description: describe({
      intro: [
        'A diálise peritoneal permite que o paciente faça seu tratamento em casa, com mais autonomia e preservação da função renal residual, mas ainda é pouco utilizada no Brasil.',
        'Este curso presencial capacita nefrologistas e enfermeiros para indicar, prescrever e acompanhar a DP, com oficinas práticas de troca manual e de programação da cicladora.',
      ],
      objectives: [
        'Selecionar o paciente e a modalidade (DPAC ou DPA)',
        'Prescrever e ajustar a diálise peritoneal com base no teste de equilíbrio peritoneal',
        'Estruturar o treinamento do paciente e do cuidador',
        'Prevenir e tratar peritonite e infecção de orifício de saída',
      ],
      audience: 'Nefrologistas, residentes de nefrologia e enfermeiros de programas de diálise peritoneal.',
      program: [
        'Fisiologia do transporte peritoneal',
        'Cateter de Tenckhoff: implante e cuidados',
        'Prescrição em DPAC e DPA; soluções de icodextrina',
        'Adequação e função renal residual',
        'Peritonite: diagnóstico e tratamento segundo a ISPD',
        'Complicações mecânicas e metabólicas',
        'Oficina: troca manual e programação de cicladora',
      ],
      method:
        'Aulas teóricas e oficinas práticas com simuladores e cicladoras, em grupos de até 12 participantes.',
      hours: 16,
      online: false,
    }),
    classes: [
      {
        id: 11,
        name: 'Turma maio/2027 – Curitiba',
        type: 'N',
        courseInit: '2027-05-21',
        location: CENTER,
        priceCents: 190000,
        studentPriceCents: 152000,
        studentDiscount: 'A',
        instalmentTimes: 10,
        seats: 24,
      },
    ],
  },
  {
    id: 9,
    url: 'transplante-renal',
    name: 'Transplante Renal: do Preparo do Receptor ao Seguimento',
    section: 'presencial',
    sortOrder: 3,
    workloadHours: 20,
    slider: slides('transplante-renal', 2),
    summary:
      'Avaliação de receptores e doadores, imunossupressão e seguimento ambulatorial do transplantado renal.',
    description: describe({
      intro: [
        'O transplante é a melhor opção de tratamento para a maioria dos pacientes com doença renal crônica avançada, mas exige uma equipe preparada antes, durante e depois da cirurgia.',
        'O curso aborda todas as etapas do transplante renal, com professores de equipes transplantadoras de Curitiba e discussão de casos do ambulatório.',
      ],
      objectives: [
        'Avaliar candidatos a transplante e doadores vivos',
        'Compreender a compatibilidade HLA, a prova cruzada e os anticorpos anti-HLA',
        'Manejar a imunossupressão de indução e manutenção',
        'Conduzir as complicações infecciosas, cardiovasculares e oncológicas no seguimento',
      ],
      audience:
        'Nefrologistas, residentes, enfermeiros, farmacêuticos e nutricionistas de equipes de transplante.',
      program: [
        'Avaliação do receptor e inscrição em lista',
        'Doador vivo e doador falecido',
        'Imunologia do transplante',
        'Imunossupressão: indução e manutenção',
        'Disfunção do enxerto e rejeição',
        'Infecções oportunistas: CMV e poliomavírus BK',
        'Seguimento a longo prazo',
      ],
      method: 'Aulas, discussão de casos e visita ao ambulatório de transplante de hospital parceiro.',
      hours: 20,
      online: false,
    }),
    classes: [
      {
        id: 12,
        name: 'Turma junho/2027 – Curitiba',
        type: 'N',
        courseInit: '2027-06-18',
        location: CENTER,
        priceCents: 240000,
        instalmentTimes: 12,
        seats: 35,
      },
      {
        id: 13,
        name: 'Turma fevereiro/2027 – inscrições encerradas',
        type: 'N',
        courseInit: '2027-02-19',
        location: CENTER,
        priceCents: 240000,
        instalmentTimes: 12,
        isOpen: false,
        seats: 35,
      },
    ],
  },
  {
    id: 10,
    url: 'ultrassom-point-of-care-em-nefrologia',
    name: 'Ultrassom Point-of-Care (POCUS) em Nefrologia',
    section: 'presencial',
    sortOrder: 4,
    workloadHours: 16,
    slider: slides('ultrassom-point-of-care-em-nefrologia', 3),
    summary:
      'Ultrassom à beira do leito para o nefrologista: rins e vias urinárias, avaliação volêmica, pulmão e acesso vascular, com muita prática.',
    description: describe({
      intro: [
        'O ultrassom point-of-care tornou-se uma extensão do exame físico: em poucos minutos, responde se há hidronefrose, congestão pulmonar ou uma veia adequada para punção.',
        'Neste curso prático, cada participante passa a maior parte do tempo com o transdutor na mão, em modelos vivos e simuladores, com um instrutor para cada quatro alunos.',
      ],
      objectives: [
        'Dominar os comandos básicos do aparelho e a escolha do transdutor',
        'Avaliar rins, bexiga e hidronefrose',
        'Estimar a volemia com ultrassom pulmonar, VExUS e veia cava inferior',
        'Mapear veias e artérias para acesso vascular',
      ],
      audience: 'Nefrologistas, residentes de nefrologia, intensivistas e clínicos.',
      program: [
        'Física do ultrassom e knobology',
        'Ultrassom renal e de vias urinárias',
        'Ultrassom pulmonar: linhas B e derrame pleural',
        'Veia cava inferior e protocolo VExUS',
        'Ecocardiografia focada',
        'Mapeamento vascular de membros superiores',
      ],
      method:
        'Aulas curtas seguidas de estações práticas com modelos vivos; um instrutor para cada quatro alunos.',
      hours: 16,
      online: false,
    }),
    classes: [
      {
        id: 14,
        name: 'Turma março/2027 – Curitiba',
        type: 'N',
        courseInit: '2027-03-26',
        location: SKILLS_LAB,
        priceCents: 320000,
        studentPriceCents: 256000,
        studentDiscount: 'A',
        instalmentTimes: 12,
        seats: 20,
      },
      {
        id: 15,
        name: 'Turma agosto/2027 – Curitiba',
        type: 'N',
        courseInit: '2027-08-27',
        location: SKILLS_LAB,
        priceCents: 320000,
        instalmentTimes: 12,
        isBoletoAllowed: false,
        seats: 20,
      },
    ],
  },
  {
    id: 11,
    url: 'imersao-em-nefrologia-para-residentes',
    name: 'Imersão em Nefrologia para Residentes',
    section: 'presencial',
    sortOrder: 5,
    workloadHours: 40,
    slider: slides('imersao-em-nefrologia-para-residentes', 1),
    summary:
      'Uma semana de revisão intensiva dos grandes temas da nefrologia, com questões comentadas, para residentes que se preparam para a prova de título.',
    description: describe({
      intro: [
        'Uma semana inteira dedicada à nefrologia: glomerulopatias, distúrbios hidroeletrolíticos, DRC, diálise, transplante e nefrologia intensiva, revisados por especialistas do Instituto Renalis.',
        'Cada tema termina com a resolução comentada de questões no formato da prova de título de especialista.',
      ],
      objectives: [
        'Revisar de forma estruturada o conteúdo da prova de título em nefrologia',
        'Treinar a resolução de questões com discussão das alternativas',
        'Atualizar-se nas diretrizes publicadas nos últimos dois anos',
      ],
      audience: 'Residentes de nefrologia (R1 e R2) e nefrologistas recém-formados.',
      program: [
        'Distúrbios hidroeletrolíticos e ácido-básicos',
        'Glomerulopatias primárias e secundárias',
        'Doença renal crônica e distúrbio mineral e ósseo',
        'Hemodiálise e diálise peritoneal',
        'Transplante renal',
        'Lesão renal aguda e nefrologia intensiva',
        'Nefrologia pediátrica e doenças genéticas',
      ],
      method: 'Aulas de revisão pela manhã e oficinas de questões à tarde, de segunda a sexta-feira.',
      hours: 40,
      online: false,
    }),
    classes: [
      {
        id: 16,
        name: 'Turma julho/2027 – Curitiba',
        type: 'N',
        courseInit: '2027-07-12',
        location: CENTER,
        priceCents: 150000,
        studentPriceCents: 99000,
        studentDiscount: 'A',
        instalmentTimes: 6,
        seats: 60,
      },
    ],
  },

  // ── Nefrologia intervencionista ───────────────────────────────────────────
  {
    id: 12,
    url: 'acesso-vascular-para-hemodialise',
    name: 'Acesso Vascular para Hemodiálise',
    section: 'nefrologia-intervencionista',
    sortOrder: 1,
    workloadHours: 28,
    slider: slides('acesso-vascular-para-hemodialise', 3),
    summary:
      'Planejamento, vigilância e tratamento das disfunções do acesso vascular, com mapeamento por ultrassom e prática em simuladores.',
    description: describe({
      intro: [
        'Sem um acesso vascular que funcione, não há hemodiálise adequada. As complicações do acesso estão entre as principais causas de internação de pacientes em diálise.',
        'O curso forma o nefrologista para planejar o acesso desde o tratamento conservador, vigiar fístulas e enxertos e tratar disfunções, em um programa que combina teoria online e prática presencial com ultrassom e simuladores.',
      ],
      objectives: [
        'Planejar o acesso vascular com base no mapeamento por ultrassom',
        'Realizar vigilância clínica e ultrassonográfica de fístulas e próteses',
        'Reconhecer estenoses, tromboses e síndrome do roubo',
        'Conhecer as técnicas endovasculares de resgate do acesso',
      ],
      audience:
        'Nefrologistas, residentes de nefrologia, cirurgiões vasculares e enfermeiros de unidades de diálise.',
      program: [
        'Diretrizes KDOQI 2019 de acesso vascular: a estratégia "ESKD Life-Plan"',
        'Mapeamento vascular pré-operatório com ultrassom',
        'Maturação da fístula e primeira punção',
        'Vigilância e monitoramento: fluxo do acesso e Doppler',
        'Disfunção do acesso: estenose, trombose, aneurisma e roubo',
        'Angioplastia e trombectomia: indicações e resultados',
        'Prática em simuladores de punção guiada por ultrassom',
      ],
      method:
        'Módulo teórico online seguido de dois dias práticos no laboratório de habilidades, com no máximo 12 participantes por turma.',
      hours: 28,
      online: false,
    }),
    classes: [
      {
        id: 17,
        name: 'Turma abril/2027 – teoria e prática em Curitiba',
        type: 'N',
        courseInit: '2027-04-23',
        location: SKILLS_LAB,
        priceCents: 380000,
        instalmentTimes: 12,
        seats: 12,
      },
      {
        id: 18,
        name: 'Módulo teórico online – comece agora',
        type: 'C',
        priceCents: 89000,
        instalmentTimes: 10,
      },
    ],
  },
  {
    id: 13,
    url: 'fistula-arteriovenosa',
    name: 'Fístula Arteriovenosa: Mapeamento, Confecção e Resgate',
    section: 'nefrologia-intervencionista',
    sortOrder: 2,
    workloadHours: 24,
    slider: slides('fistula-arteriovenosa', 2),
    summary:
      'Treinamento teórico-prático na confecção de fístulas arteriovenosas sob anestesia locorregional, com acompanhamento de procedimentos.',
    description: describe({
      intro: [
        'A fístula arteriovenosa nativa é o acesso de escolha para a maioria dos pacientes em hemodiálise. Em muitos serviços, o nefrologista intervencionista assumiu sua confecção.',
        'Este treinamento reúne teoria, prática em modelos e acompanhamento de procedimentos reais em hospital parceiro, sob supervisão de nefrologistas intervencionistas e cirurgiões vasculares.',
      ],
      objectives: [
        'Selecionar o sítio da fístula a partir do mapeamento vascular',
        'Conhecer as técnicas de anastomose radiocefálica e braquiocefálica',
        'Executar suturas vasculares em modelos',
        'Conduzir o pós-operatório e a maturação',
      ],
      audience: 'Nefrologistas e residentes de nefrologia com conhecimento prévio de ultrassom vascular.',
      program: [
        'Anatomia vascular do membro superior',
        'Mapeamento e planejamento cirúrgico',
        'Anestesia locorregional guiada por ultrassom',
        'Técnicas de anastomose e instrumental',
        'Treinamento de sutura vascular em modelos',
        'Complicações precoces e falha de maturação',
        'Superficialização e técnicas de resgate',
      ],
      method: 'Aulas, treino de sutura em modelos e acompanhamento de procedimentos em hospital parceiro.',
      hours: 24,
      online: false,
    }),
    classes: [
      {
        id: 19,
        name: 'Turma maio/2027 – Curitiba',
        type: 'N',
        courseInit: '2027-05-28',
        location: PARTNER_HOSPITAL,
        priceCents: 420000,
        instalmentTimes: 12,
        isBoletoAllowed: false,
        seats: 10,
      },
    ],
  },
  {
    id: 14,
    url: 'cateteres-para-hemodialise',
    name: 'Cateteres para Hemodiálise: Implante Guiado por Ultrassom',
    section: 'nefrologia-intervencionista',
    sortOrder: 3,
    workloadHours: 16,
    slider: slides('cateteres-para-hemodialise', 2),
    summary:
      'Implante de cateteres de curta e longa permanência guiado por ultrassom, com prática em simuladores e prevenção de infecção.',
    description: describe({
      intro: [
        'O cateter venoso central ainda é o acesso de muitos pacientes que iniciam a hemodiálise. O implante guiado por ultrassom reduz complicações e deve ser o padrão.',
        'O curso cobre desde a escolha do sítio e do cateter até a tunelização de cateteres de longa permanência e o manejo de disfunções e infecções.',
      ],
      objectives: [
        'Implantar cateteres de curta permanência em veia jugular interna e femoral guiados por ultrassom',
        'Conhecer a técnica de tunelização de cateteres de longa permanência',
        'Prevenir e tratar infecção relacionada a cateter',
        'Reconhecer e tratar a disfunção do cateter',
      ],
      audience: 'Nefrologistas, residentes de nefrologia e intensivistas.',
      program: [
        'Indicações e escolha do cateter',
        'Anatomia ultrassonográfica das veias centrais',
        'Técnica de Seldinger guiada por ultrassom',
        'Cateter tunelizado: tunelização e posicionamento da ponta',
        'Bacteremia relacionada a cateter e selos de cateter',
        'Disfunção, trombose e troca sobre fio-guia',
        'Estações práticas em simuladores',
      ],
      method:
        'Aulas e estações práticas em simuladores de punção venosa central, com um instrutor para cada três alunos.',
      hours: 16,
      online: false,
    }),
    classes: [
      {
        id: 20,
        name: 'Turma junho/2027 – Curitiba',
        type: 'N',
        courseInit: '2027-06-25',
        location: SKILLS_LAB,
        priceCents: 360000,
        studentPriceCents: 300000,
        studentDiscount: 'A',
        instalmentTimes: 12,
        seats: 15,
      },
    ],
  },
  {
    id: 15,
    url: 'biopsia-renal-guiada-por-ultrassom',
    name: 'Biópsia Renal Percutânea Guiada por Ultrassom',
    section: 'nefrologia-intervencionista',
    sortOrder: 4,
    workloadHours: 16,
    slider: slides('biopsia-renal-guiada-por-ultrassom', 2),
    summary:
      'Indicações, técnica e segurança da biópsia renal de rim nativo e de enxerto, com treinamento em simuladores e acompanhamento de procedimentos.',
    description: describe({
      intro: [
        'A biópsia renal é indispensável para o diagnóstico das glomerulopatias e das disfunções do enxerto. Feita pelo nefrologista com agulha automática e guia ultrassonográfico em tempo real, é um procedimento seguro.',
        'O curso ensina a técnica passo a passo, da avaliação pré-procedimento ao manejo das complicações, com prática em simuladores e acompanhamento de biópsias em hospital parceiro.',
      ],
      objectives: [
        'Indicar a biópsia renal e avaliar o risco de sangramento',
        'Realizar a biópsia de rim nativo e de enxerto guiada por ultrassom',
        'Garantir amostra adequada para microscopia óptica, imunofluorescência e microscopia eletrônica',
        'Reconhecer e conduzir complicações',
      ],
      audience: 'Nefrologistas e residentes de nefrologia que já tenham noções de ultrassom.',
      program: [
        'Indicações e contraindicações',
        'Avaliação pré-biópsia: coagulação, pressão arterial e antiagregantes',
        'Anatomia ultrassonográfica renal',
        'Técnica com agulha automática: rim nativo e enxerto',
        'Processamento da amostra e comunicação com o patologista',
        'Complicações: hematoma, hematúria e fístula arteriovenosa intrarrenal',
        'Prática em simuladores com ultrassom',
      ],
      method:
        'Aulas, prática em simuladores de biópsia e acompanhamento de procedimentos em hospital parceiro, com até 8 alunos por turma.',
      hours: 16,
      online: false,
    }),
    classes: [
      {
        id: 21,
        name: 'Turma julho/2027 – Curitiba',
        type: 'N',
        courseInit: '2027-07-30',
        location: PARTNER_HOSPITAL,
        priceCents: 480000,
        instalmentTimes: 12,
        isBoletoAllowed: false,
        seats: 8,
      },
    ],
  },
  // ── The demo course (issue 39): finished in a few minutes, on the local player's short video ──
  {
    id: SEED_IDS.courses.demo,
    url: 'minicurso-sinais-de-alerta-da-doenca-renal',
    name: 'Minicurso: Sinais de Alerta da Doença Renal',
    section: 'online',
    sortOrder: 7,
    workloadHours: 1,
    slider: slides('minicurso-sinais-de-alerta-da-doenca-renal', 1),
    summary:
      'Três videoaulas curtas, uma leitura e uma avaliação final para reconhecer cedo os sinais da doença renal, com certificado digital. Conclui-se em poucos minutos: uma boa forma de conhecer a área do aluno.',
    description: describe({
      intro: [
        'Inchaço, urina espumosa, pressão alta e cansaço podem ser os primeiros sinais de que os rins precisam de atenção. Este minicurso mostra o que observar e quando procurar a unidade de saúde.',
        'É também o curso de demonstração do portal: as videoaulas são curtas, e o certificado sai assim que o conteúdo é concluído e a avaliação final, aprovada.',
      ],
      objectives: [
        'Reconhecer os sinais e sintomas que sugerem doença renal',
        'Saber quem deve fazer exames de rastreamento',
        'Entender o que o certificado digital do instituto comprova',
      ],
      audience: 'Profissionais e estudantes da saúde e qualquer pessoa interessada em saúde renal.',
      program: [
        'Os sinais de alerta',
        'Quem deve ser rastreado',
        'Os exames que contam a história',
        'Leitura: como cuidar dos rins no dia a dia',
        'Avaliação final',
      ],
      method:
        'Curso 100% online: três videoaulas curtas, uma leitura e uma avaliação final de quatro questões (70% para aprovação, três tentativas). Cada videoaula conta quando é reproduzida (90% dos seus segundos); a leitura, quando é aberta.',
      hours: 1,
      online: true,
    }),
    classes: [
      { id: SEED_IDS.classes.demo, name: 'Comece agora', type: 'C', priceCents: 1990, instalmentTimes: 1 },
    ],
  },
]

export const COURSE_ROWS: CourseRow[] = COURSES.map(({ classes: _classes, ...course }) => course)

export const CLASS_ROWS: ClassRow[] = COURSES.flatMap((course) =>
  course.classes.map((turma) => ({ ...turma, courseId: course.id })),
)

export function classById(id: number) {
  const found = CLASS_ROWS.find((turma) => turma.id === id)
  if (!found) throw new Error(`turma ${id} não existe no seed`)
  return found
}

export function courseById(id: number) {
  const found = COURSE_ROWS.find((course) => course.id === id)
  if (!found) throw new Error(`curso ${id} não existe no seed`)
  return found
}

// ── Products ────────────────────────────────────────────────────────────────

export const PRODUCT_ROWS: (ProductRow & { id: number; slider: [string, string][] })[] = [
  {
    id: 1,
    name: 'Simulador de Punção de Fístula Arteriovenosa',
    priceCents: 129000,
    slider: slides('simulador-puncao-fistula', 2),
    description: [
      'Braçadeira de silicone com duas veias arterializadas e pele que simula a textura de uma fístula madura, para treinar punção de fístula arteriovenosa em escada, em área e pela técnica de botoeira.',
      'Aceita agulhas 15G a 17G e suporta centenas de punções; as veias são reabastecidas com o sangue artificial que acompanha o kit. Pode ser usado com ultrassom.',
      'Inclui: braçadeira, bolsa de sangue artificial (500 mL), suporte de mesa e manual de uso.',
    ].join('\n\n'),
  },
  {
    id: 2,
    name: 'Modelo Anatômico de Rim Humano',
    priceCents: 69000,
    slider: slides('modelo-anatomico-rim', 2),
    description: [
      'Modelo de rim humano ampliado três vezes, em resina pintada à mão, com corte frontal que mostra córtex, pirâmides medulares, cálices, pelve renal e vasos do hilo.',
      'Ideal para aulas, consultórios e educação do paciente. Acompanha base de apoio e guia com 28 estruturas numeradas.',
    ].join('\n\n'),
  },
  {
    id: 3,
    name: 'Manual Prático de Hemodiálise – Edição Impressa',
    priceCents: 18900,
    slider: slides('manual-pratico-hemodialise', 1),
    description: [
      'Livro de bolso com 320 páginas escrito pelos professores do Instituto Renalis: prescrição, intercorrências, acesso vascular, anticoagulação e rotinas de enfermagem em hemodiálise.',
      'Edição 2027, capa flexível, com tabelas de consulta rápida e fluxogramas. Enviado pelos Correios para todo o Brasil.',
    ].join('\n\n'),
  },
  {
    id: 4,
    name: 'Kit de Treinamento em Cuidados com Cateter de Hemodiálise',
    priceCents: 34900,
    slider: slides('kit-cuidados-cateter', 2),
    description: [
      'Kit didático para treinar a conexão, a desconexão e o curativo de cateter de hemodiálise com técnica asséptica: cateter de duplo lúmen para treinamento, coberturas, conectores, seringas e máscara.',
      'Acompanha checklist de cuidados baseado nas recomendações de prevenção de infecção de corrente sanguínea. Material exclusivamente didático, não estéril.',
    ].join('\n\n'),
  },
]

// ── Bundles and coupons ─────────────────────────────────────────────────────

export const BUNDLE_ROWS: (BundleRow & { id: number })[] = [
  {
    id: SEED_IDS.bundles.percent,
    name: 'Acesso Vascular + Biópsia Renal',
    description:
      'Os dois treinamentos práticos mais procurados da nefrologia intervencionista com 15% de desconto: acesso vascular para hemodiálise e biópsia renal guiada por ultrassom.',
    discountType: 'P',
    discountPercent: 15,
    instalmentTimes: 12,
  },
  {
    id: SEED_IDS.bundles.fixed,
    name: 'Trilha Online do Cuidado Renal',
    description:
      'Hemodiálise para Enfermagem, Doença Renal Crônica na Atenção Primária e Nutrição Renal na Prática Clínica, com R$ 100,00 de desconto no pacote.',
    discountType: 'F',
    // 10000 over three classes does not split evenly: the pricing rule must place the odd centavo.
    discountCents: 10000,
    instalmentTimes: 10,
  },
]

export const BUNDLE_CLASS_ROWS: BundleClassRow[] = [
  { bundleId: SEED_IDS.bundles.percent, classId: 17, sortOrder: 1 },
  { bundleId: SEED_IDS.bundles.percent, classId: 21, sortOrder: 2 },
  { bundleId: SEED_IDS.bundles.fixed, classId: 1, sortOrder: 1 },
  { bundleId: SEED_IDS.bundles.fixed, classId: 3, sortOrder: 2 },
  { bundleId: SEED_IDS.bundles.fixed, classId: 4, sortOrder: 3 },
]

/** Full and discounted price of a bundle, for the showcase card: the cart's own pricing rule. */
export function bundlePrices(bundleId: number) {
  const bundle = BUNDLE_ROWS.find((b) => b.id === bundleId)
  if (!bundle) throw new Error(`pacote ${bundleId} não existe no seed`)
  const priced = priceBundle({
    id: bundle.id,
    name: bundle.name,
    discountType: bundle.discountType,
    discountPercent: bundle.discountPercent ?? null,
    discountCents: bundle.discountCents ?? null,
    instalmentTimes: bundle.instalmentTimes ?? 12,
    classes: BUNDLE_CLASS_ROWS.filter((row) => row.bundleId === bundleId).map((row) => {
      const turma = classById(row.classId)
      return {
        id: row.classId,
        courseId: turma.courseId,
        name: turma.name,
        priceCents: turma.priceCents,
        studentPriceCents: turma.studentPriceCents ?? null,
        studentDiscount: turma.studentDiscount ?? 'N',
        isBoletoAllowed: turma.isBoletoAllowed ?? true,
        instalmentTimes: turma.instalmentTimes ?? 12,
      }
    }),
  })
  return { full: priced.grossCents, discounted: priced.netCents }
}

export const COUPON_ROWS: (CouponRow & { id: number })[] = [
  {
    id: SEED_IDS.coupons.percentOnClass,
    key: 'RENAL10',
    discountType: 'P',
    discountPercent: 10,
    classId: SEED_IDS.classes.price1000,
    courseId: 1,
    isActive: true,
    expiresAt: new Date('2027-12-31T23:59:59-03:00'),
    maxUses: 200,
  },
  {
    id: SEED_IDS.coupons.fixedOnCourse,
    key: 'NEFRO50',
    discountType: 'F',
    discountCents: 5000,
    courseId: 2,
    isActive: true,
  },
  {
    id: SEED_IDS.coupons.expired,
    key: 'EXPIRADO',
    discountType: 'P',
    discountPercent: 20,
    classId: SEED_IDS.classes.price1000,
    courseId: 1,
    isActive: true,
    expiresAt: new Date('2026-06-30T23:59:59-03:00'),
  },
]

// ── E-books ─────────────────────────────────────────────────────────────────

export const EBOOK_ROWS: (EbookRow & { id: number; coverImg: string })[] = [
  {
    id: 1,
    title: 'Guia Rápido de Hemodiálise para Enfermagem',
    description:
      'Checklists de montagem do circuito, punção da fístula, cuidados com cateter e condutas nas intercorrências mais comuns da sessão de hemodiálise.',
    courseId: 1,
    access: 'purchase',
    coverImg: '/img/ebooks/guia-hemodialise-enfermagem.svg',
    fileKey: 'ebooks/guia-hemodialise-enfermagem.pdf',
    pages: 84,
  },
  {
    id: 2,
    title: 'DRC na Atenção Primária: Rastreamento e Encaminhamento',
    description:
      'Fluxogramas de rastreamento, estadiamento KDIGO e critérios de encaminhamento ao nefrologista para as equipes da atenção primária.',
    courseId: 2,
    access: 'free',
    coverImg: '/img/ebooks/drc-atencao-primaria.svg',
    fileKey: 'ebooks/drc-atencao-primaria.pdf',
    pages: 36,
  },
  {
    id: 3,
    title: 'Cardápios e Contagem de Fósforo na Doença Renal',
    description:
      'Cardápios semanais para pacientes em diálise, lista de aditivos fosfatados e tabela de fósforo por porção dos alimentos mais consumidos no Brasil.',
    courseId: 3,
    access: 'purchase',
    coverImg: '/img/ebooks/cardapios-fosforo-drc.svg',
    fileKey: 'ebooks/cardapios-fosforo-drc.pdf',
    pages: 120,
  },
  {
    id: 4,
    title: 'Protocolos de Lesão Renal Aguda na UTI',
    description:
      'Protocolos de prevenção de nefropatia por contraste, prescrição de CVVHDF e anticoagulação regional com citrato, prontos para adaptar ao seu serviço.',
    courseId: 4,
    access: 'purchase',
    coverImg: '/img/ebooks/protocolos-lra-uti.svg',
    fileKey: 'ebooks/protocolos-lra-uti.pdf',
    pages: 64,
  },
  {
    id: 5,
    title: 'Manual de Boas Práticas Clínicas para Centros de Pesquisa',
    description:
      'Guia resumido das responsabilidades do investigador e da equipe de pesquisa segundo a ICH E6 e a regulamentação brasileira.',
    courseId: 5,
    access: 'free',
    coverImg: '/img/ebooks/manual-boas-praticas-clinicas.svg',
    fileKey: 'ebooks/manual-boas-praticas-clinicas.pdf',
    pages: 48,
  },
  {
    id: 6,
    title: 'Atlas de Acesso Vascular Guiado por Ultrassom',
    description:
      'Mais de 200 imagens comentadas de mapeamento pré-operatório, maturação, estenoses e punção guiada de fístulas e cateteres.',
    courseId: 12,
    access: 'purchase',
    coverImg: '/img/ebooks/atlas-acesso-vascular.svg',
    fileKey: 'ebooks/atlas-acesso-vascular.pdf',
    pages: 156,
  },
]
