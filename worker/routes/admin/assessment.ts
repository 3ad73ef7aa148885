import {
  AdminAssessment,
  AdminQuestion,
  AssessmentSettings,
  AssessmentSettingsInput,
  QuestionInput,
  QuestionUpdateInput,
  StudentAttempts,
} from '../../contract/admin-assessment.ts'
import { NoQuery } from '../../openapi.ts'
import {
  createQuestion,
  getAdminAssessment,
  getStudentAttempts,
  grantExtraAttempt,
  updateAssessmentSettings,
  updateQuestion,
} from '../../services/admin/assessment.ts'
import { json, routesOf } from '../operation.ts'
import { operation } from './operations.ts'

/** A course's final assessment (issue 39): settings and question bank, and each student's attempts. */
export const adminAssessmentRoutes = routesOf(
  operation({
    operationId: 'getAdminAssessment',
    route: 'GET /api/admin/cursos/{id}/avaliacao',
    summary: 'A avaliação final do curso: configurações e banco de questões (com as respostas certas)',
    query: NoQuery,
    answers: json(200, AdminAssessment, 'As configurações e as questões, na ordem.'),
    errors: ['notFound'],
    run: getAdminAssessment,
  }),
  operation({
    operationId: 'updateAssessmentSettings',
    route: 'PUT /api/admin/cursos/{id}/avaliacao',
    summary:
      'Alterar a avaliação final do curso: ativada, questões por tentativa, nota mínima, tentativas, espera, tempo limite',
    description:
      'Ativar pede ao menos tantas questões ativas quantas uma tentativa sorteia (422 em `errors.is_enabled`). ' +
      'Envia a `version` lida: se outra pessoa salvou antes, responde 409 sem alterar nada.',
    body: AssessmentSettingsInput,
    answers: json(200, AssessmentSettings, 'As configurações.'),
    errors: ['notFound', 'conflict'],
    run: updateAssessmentSettings,
  }),
  operation({
    operationId: 'createAssessmentQuestion',
    route: 'POST /api/admin/cursos/{id}/avaliacao/questoes',
    summary: 'Criar uma questão no fim do banco do curso (de 2 a 5 alternativas, exatamente uma correta)',
    body: QuestionInput,
    answers: json(201, AdminQuestion, 'A questão.'),
    errors: ['notFound'],
    run: createQuestion,
  }),
  operation({
    operationId: 'updateAssessmentQuestion',
    route: 'PUT /api/admin/avaliacao/questoes/{id}',
    summary: 'Alterar uma questão, ou desativá-la (`is_active: false`: sai dos sorteios)',
    description:
      'As tentativas já feitas guardam a questão como foi perguntada. Envia a `version` lida: se outra pessoa salvou antes, responde 409.',
    body: QuestionUpdateInput,
    answers: json(200, AdminQuestion, 'A questão.'),
    errors: ['notFound', 'conflict'],
    run: updateQuestion,
  }),
  operation({
    operationId: 'getStudentAssessmentAttempts',
    route: 'GET /api/admin/certificados/progresso/{id}/avaliacao',
    summary: 'As tentativas e notas de um aluno na avaliação final do curso (pela matrícula)',
    query: NoQuery,
    answers: json(200, StudentAttempts, 'As tentativas, da primeira à última.'),
    errors: ['notFound'],
    run: getStudentAttempts,
  }),
  operation({
    operationId: 'grantAssessmentExtraAttempt',
    route: 'POST /api/admin/certificados/progresso/{id}/avaliacao/tentativa-extra',
    summary: 'Liberar uma tentativa a mais na avaliação final para o aluno da matrícula',
    description:
      'Soma uma ao número de tentativas do aluno; a espera depois da segunda reprovação continua valendo. Avaliação desativada: 409.',
    answers: json(200, StudentAttempts, 'As tentativas, com a nova liberada.'),
    errors: ['notFound', 'conflict'],
    run: grantExtraAttempt,
  }),
)
