/** Calls for applications (editais) and their fee plans. */
import type { editais, feePlans } from '../schema.ts'

type EditalRow = typeof editais.$inferInsert & { id: number }
type FeePlanRow = typeof feePlans.$inferInsert & { id: number }

export const EDITAL_ROWS: EditalRow[] = [
  {
    id: 1,
    slug: 'programa-de-residencia-em-nefrologia-2027',
    title: 'Programa de Residência em Nefrologia 2027',
    summary:
      'Processo seletivo para 4 vagas de residência médica em nefrologia (2 anos), com início em março de 2027.',
    isOpen: true,
    places: 4,
    opensAt: new Date('2026-11-03T08:00:00-03:00'),
    closesAt: new Date('2027-01-15T23:59:59-03:00'),
    body: [
      'O Instituto Renalis torna pública a abertura de inscrições para o processo seletivo do Programa de Residência Médica em Nefrologia, credenciado pela Comissão Nacional de Residência Médica.',
      '## Vagas',
      '4 (quatro) vagas, com duração de 2 (dois) anos e início em 1º de março de 2027. Bolsa conforme o valor vigente fixado pelo Ministério da Educação.',
      '## Requisitos',
      '- Graduação em Medicina e registro no Conselho Regional de Medicina\n- Conclusão de programa de residência em Clínica Médica credenciado pela CNRM até a data da matrícula',
      '## Inscrições',
      'De 3 de novembro de 2026 a 15 de janeiro de 2027, exclusivamente por este site, mediante o pagamento da taxa de inscrição. A taxa pode ser paga por cartão de crédito, cartão de débito ou boleto, ou parcelada em até 3 vezes no cartão de crédito.',
      '## Etapas da seleção',
      '1. Prova objetiva com 60 questões de clínica médica e nefrologia (peso 8)\n2. Análise e arguição do currículo (peso 2)',
      '## Cronograma',
      '- Prova objetiva: 24 de janeiro de 2027, às 9h, no Centro de Ensino do Instituto Renalis\n- Resultado preliminar: 5 de fevereiro de 2027\n- Arguição de currículo: 10 e 11 de fevereiro de 2027\n- Resultado final e convocação para matrícula: 19 de fevereiro de 2027',
      '## Disposições gerais',
      'Casos omissos serão resolvidos pela Comissão de Residência Médica do Instituto. Dúvidas: ensino@institutorenalis.com.br.',
    ].join('\n\n'),
  },
  {
    id: 2,
    slug: 'selecao-de-bolsistas-de-iniciacao-cientifica-2027',
    title: 'Seleção de Bolsistas de Iniciação Científica 2027',
    summary:
      'Seleção de 6 estudantes de graduação da área da saúde para bolsas de iniciação científica em projetos de pesquisa em nefrologia.',
    isOpen: true,
    places: 6,
    opensAt: new Date('2026-11-16T08:00:00-03:00'),
    closesAt: new Date('2027-02-26T23:59:59-03:00'),
    body: [
      'O Centro de Pesquisa Acadêmica do Instituto Renalis abre seleção de bolsistas de iniciação científica para o período de abril de 2027 a março de 2028.',
      '## Vagas e bolsas',
      '6 (seis) bolsas mensais, com dedicação de 12 horas semanais, nas linhas de pesquisa do Centro: epidemiologia da DRC, desfechos em diálise, acesso vascular, nutrição renal e educação em saúde.',
      '## Quem pode participar',
      'Estudantes regularmente matriculados entre o 3º e o 8º período de Medicina, Enfermagem, Nutrição, Farmácia, Biomedicina ou Fisioterapia, com currículo cadastrado na Plataforma Lattes.',
      '## Inscrição',
      'Até 26 de fevereiro de 2027, por este site, com o envio do histórico escolar, do currículo Lattes e de uma carta de intenção, e o pagamento da taxa de inscrição por boleto ou cartão de débito.',
      '## Seleção',
      '1. Análise do histórico escolar e do currículo\n2. Entrevista com os orientadores, de 8 a 12 de março de 2027',
      '## Resultado',
      'Divulgado em 19 de março de 2027 nesta página e por e-mail aos candidatos.',
    ].join('\n\n'),
  },
]

export const FEE_PLAN_ROWS: FeePlanRow[] = [
  {
    id: 1,
    editalId: 1,
    name: 'Taxa de inscrição',
    amountCents: 35000,
    paymentMethods: ['credit_card', 'boleto', 'debit_card'],
    instalmentTimes: 1,
  },
  {
    id: 2,
    editalId: 1,
    name: 'Taxa de inscrição parcelada no cartão',
    amountCents: 35000,
    paymentMethods: ['credit_card'],
    instalmentTimes: 3,
  },
  {
    id: 3,
    editalId: 2,
    name: 'Taxa de inscrição',
    amountCents: 5000,
    paymentMethods: ['boleto', 'debit_card'],
    instalmentTimes: 1,
  },
]
