/**
 * What the audit log records, in pt-BR for the admin's screens. Every admin write adds one line
 * in the batch of the write itself (who, when, from which IP, what changed: before → after).
 */
export const AUDIT_LABELS: Record<string, string> = {
  'course.create': 'Curso criado',
  'course.update': 'Curso alterado',
  'course.publish': 'Curso publicado',
  'course.unpublish': 'Curso despublicado',
  'course.image_add': 'Imagem enviada para o curso',
  'course.images_update': 'Imagens do curso reordenadas ou removidas',
  'course_module.create': 'Módulo criado',
  'course_module.update': 'Módulo alterado',
  'course_module.delete': 'Módulo excluído',
  'course_module.reorder': 'Módulos reordenados',
  'lesson.create': 'Aula criada',
  'lesson.update': 'Aula alterada',
  'lesson.delete': 'Aula excluída',
  'lesson.reorder': 'Aulas reordenadas',
  'class.create': 'Turma criada',
  'class.update': 'Turma alterada',
  'class.delete': 'Turma excluída',
  'product.create': 'Produto criado',
  'product.update': 'Produto alterado',
  'product.image_add': 'Imagem enviada para o produto',
  'product.images_update': 'Imagens do produto reordenadas ou removidas',
  'bundle.create': 'Pacote criado',
  'bundle.update': 'Pacote alterado',
  'coupon.create': 'Cupom criado',
  'coupon.update': 'Cupom alterado',
  'coupon.delete': 'Cupom excluído',
  'enrollment.create_manual': 'Matrícula manual',
  'enrollment.cancel': 'Matrícula cancelada',
  'enrollment.export': 'Matrículas exportadas (CSV)',
  'order.refund_requested': 'Estorno solicitado',
  'order.refund_recorded': 'Estorno externo registrado',
  'order.student_doc_approved': 'Documento de estudante aprovado',
  'order.student_doc_rejected': 'Documento de estudante recusado',
  'payment.provider_refused': 'O Pagar.me recusou uma consulta ou operação (conferência automática)',
  'lead.update': 'Lead atualizado',
  'lead.export': 'Leads exportados (CSV)',
  'abandoned_checkout.export': 'Carrinhos abandonados exportados (CSV)',
  'short_link.create': 'Link curto criado',
  'short_link.update': 'Link curto alterado',
  'showcase.publish': 'Vitrine da home publicada',
  'account.deleted': 'Conta excluída a pedido do titular (LGPD)',
  'course.signature': 'Assinatura do certificado do curso enviada',
  'class.attendance': 'Presença da turma marcada',
  'class.certificates_issue': 'Certificados dos presentes emitidos',
  'certificate.revoke': 'Certificado revogado',
  'certificate.reissue': 'Certificado reemitido com o nome corrigido',
  'certificate.export': 'Certificados exportados (CSV)',
  'course_progress.export': 'Progresso dos alunos exportado (CSV)',
  'conference_settings.update': 'Configurações do certificado da jornada alteradas',
  'conference_settings.signature': 'Assinatura do certificado da jornada enviada',
  'conference_talk.speaker': 'Conta de quem fala na palestra definida',
  'assessment_settings.update': 'Avaliação final do curso alterada',
  'assessment_question.create': 'Questão da avaliação final criada',
  'assessment_question.update': 'Questão da avaliação final alterada',
  'enrollment.assessment_extra_attempt': 'Tentativa extra liberada na avaliação final',
}

export const auditLabel = (action: string) =>
  Object.hasOwn(AUDIT_LABELS, action) ? AUDIT_LABELS[action]! : action

/** What an audit line is about, in pt-BR (the `entity` column holds the table's English name). */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  course: 'Curso',
  course_module: 'Módulo',
  lesson: 'Aula',
  class: 'Turma',
  product: 'Produto',
  bundle: 'Pacote',
  coupon: 'Cupom',
  enrollment: 'Matrícula',
  order: 'Pedido',
  plan_payment: 'Pagamento de edital',
  lead: 'Lead',
  abandoned_checkout: 'Carrinho abandonado',
  short_link: 'Link curto',
  showcase: 'Vitrine da home',
  user: 'Usuário',
  certificate: 'Certificado',
  course_progress: 'Progresso dos alunos',
  conference_settings: 'Certificado da jornada',
  conference_talk: 'Palestra da jornada',
  assessment_settings: 'Avaliação final',
  assessment_question: 'Questão da avaliação final',
}

export const auditEntityLabel = (entity: string) =>
  Object.hasOwn(AUDIT_ENTITY_LABELS, entity) ? AUDIT_ENTITY_LABELS[entity]! : entity

/** The fields that differ, each side with its value: what an update records as before → after. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = Object.keys(after).filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  )
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  }
}
