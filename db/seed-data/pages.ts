/** Institutional pages (simple markdown bodies) and the proceedings of earlier conferences. */
import { INSTITUTE } from '../../worker/domain/institute.ts'
import type { pages, proceedings } from '../schema.ts'

type PageRow = typeof pages.$inferInsert
type ProceedingRow = typeof proceedings.$inferInsert & { id: number }

const { address, phones, emails } = INSTITUTE
const FULL_ADDRESS = `${address.street}, ${address.city} – ${address.stateCode}, CEP ${address.zip}`
const PRIVACY_EMAIL = 'privacidade@institutorenalis.com.br'

function md(...blocks: string[]) {
  return blocks.join('\n\n')
}

const list = (items: string[]) => items.map((item) => `- ${item}`).join('\n')

export const PAGE_ROWS: PageRow[] = [
  {
    slug: 'quem-somos',
    title: 'Quem somos',
    description:
      'O Instituto Renalis é um centro de ensino e pesquisa clínica em nefrologia em Curitiba, dedicado à formação de profissionais e ao cuidado do paciente renal.',
    body: md(
      `O **${INSTITUTE.fullName}** nasceu em Curitiba da iniciativa de nefrologistas, enfermeiros e nutricionistas que compartilhavam uma convicção: o paciente com doença renal é mais bem cuidado por equipes bem formadas e por uma prática apoiada em pesquisa de qualidade.`,
      'Hoje o Instituto reúne um Centro de Ensino, um Centro de Pesquisa Clínica e um Centro de Pesquisa Acadêmica, e já formou milhares de profissionais de todo o Brasil em cursos online e presenciais.',
      '## Missão',
      'Qualificar profissionais de saúde para prevenir, diagnosticar e tratar a doença renal, e produzir conhecimento científico que melhore a vida das pessoas que convivem com ela.',
      '## Visão',
      'Ser referência nacional em educação continuada e pesquisa clínica em nefrologia, reconhecida pela qualidade técnica e pelo compromisso ético.',
      '## Valores',
      list([
        'Cuidado centrado no paciente e na sua família',
        'Ciência, ética e transparência',
        'Trabalho multiprofissional',
        'Ensino acessível e de qualidade',
        'Respeito à diversidade',
      ]),
      '## Nossa estrutura',
      list([
        '**Centro de Ensino**: salas de aula, auditório para 120 pessoas e laboratório de habilidades com simuladores de punção, ultrassom e diálise.',
        '**Centro de Pesquisa Clínica**: equipe dedicada à condução de estudos clínicos em nefrologia segundo as Boas Práticas Clínicas.',
        '**Centro de Pesquisa Acadêmica**: iniciação científica, apoio a residentes e pós-graduandos e parcerias com universidades.',
      ]),
      '## Onde estamos',
      `${FULL_ADDRESS}. Atendimento de segunda a sexta-feira, das 8h às 18h.`,
    ),
  },
  {
    slug: 'cursos/sobre',
    title: 'Sobre os cursos',
    description:
      'Como funcionam os cursos online, presenciais e de nefrologia intervencionista do Instituto Renalis: certificação, pagamento e cancelamento.',
    body: md(
      'Os cursos do Instituto Renalis são planejados por especialistas que vivem a rotina da nefrologia: nefrologistas, enfermeiros, nutricionistas e pesquisadores. O conteúdo segue as diretrizes nacionais e internacionais mais recentes e é revisado a cada nova turma.',
      '## Cursos online',
      'Os cursos a distância incluem material didático online e videoaulas, que você assiste quando e onde quiser. Os e-books e apostilas podem ser baixados e impressos. As turmas "comece agora" podem ser iniciadas logo após a confirmação do pagamento; as turmas com data marcada têm encontros ao vivo com os professores.',
      '## Cursos presenciais',
      'Os cursos presenciais acontecem no Centro de Ensino, em Curitiba, em turmas reduzidas. A programação completa, o local e o horário de cada turma estão na página do curso.',
      '## Nefrologia intervencionista',
      'Os treinamentos de acesso vascular, fístula arteriovenosa, cateteres e biópsia renal combinam teoria, prática em simuladores e acompanhamento de procedimentos em hospitais parceiros, sempre com supervisão de instrutores experientes.',
      '## Certificação',
      'Todos os cursos dão direito a certificado com carga horária, emitido pelo Instituto Renalis. Nos cursos online, o certificado é liberado após a conclusão das aulas e da avaliação final; nos presenciais, é exigida frequência mínima de 75%.',
      '## Formas de pagamento',
      list([
        'Cartão de crédito em até 12 parcelas (o número máximo de parcelas varia por turma)',
        'Pix, com liberação imediata',
        'Boleto bancário, quando a turma permitir',
      ]),
      '## Desconto para estudantes',
      'Algumas turmas têm preço especial para estudantes de graduação e residentes. Para usar o desconto, envie o comprovante de matrícula no momento da compra. O desconto de estudante não é cumulativo com cupons.',
      '## Cancelamento',
      'Compras feitas pela internet podem ser canceladas em até 7 dias, com reembolso integral, conforme o artigo 49 do Código de Defesa do Consumidor. Após esse prazo, as condições de cancelamento de cada turma estão descritas na página do curso.',
      '## Dúvidas',
      `Fale com o ${phones.education.label}: ${phones.education.number} ou ${emails.education}.`,
    ),
  },
  {
    slug: 'pesquisa/centro-pesquisa-clinica',
    title: 'Centro de Pesquisa Clínica',
    description:
      'O Centro de Pesquisa Clínica do Instituto Renalis conduz estudos em nefrologia segundo as Boas Práticas Clínicas, com equipe dedicada e infraestrutura própria.',
    body: md(
      'O Centro de Pesquisa Clínica do Instituto Renalis participa de estudos nacionais e internacionais que avaliam novos tratamentos para a doença renal crônica, as glomerulopatias, a anemia da DRC e as complicações da diálise e do transplante.',
      '## Infraestrutura',
      list([
        'Consultórios exclusivos para visitas de estudo e sala de infusão',
        'Farmácia de pesquisa com controle de temperatura monitorado 24 horas',
        'Laboratório de processamento de amostras com centrífuga refrigerada e freezer –80 °C',
        'Sala de monitoria e arquivo de documentos com acesso controlado',
      ]),
      '## Equipe',
      'Investigadores nefrologistas, coordenadores de estudo, enfermeiros de pesquisa, farmacêutico e equipe de gestão de dados, todos com treinamento atualizado em Boas Práticas Clínicas (ICH E6).',
      '## Ética e regulação',
      'Todos os estudos são aprovados pelo Sistema CEP/Conep antes do início e, quando envolvem medicamentos em investigação, seguem as normas da Anvisa. A participação é sempre voluntária e depende da assinatura do Termo de Consentimento Livre e Esclarecido.',
      '## Para patrocinadores e CROs',
      `Realizamos avaliação de viabilidade em até 5 dias úteis. Contato: ${phones.research.number}.`,
    ),
  },
  {
    slug: 'pesquisa/estudos-clinicos',
    title: 'Estudos clínicos',
    description: 'Estudos clínicos em andamento no Instituto Renalis e como participar como voluntário.',
    body: md(
      'Os estudos clínicos são a forma mais segura de descobrir se um novo tratamento funciona. Conheça os estudos com recrutamento aberto no Instituto Renalis.',
      '## Recrutamento aberto',
      list([
        '**Doença renal crônica e diabetes tipo 2**: estudo de fase 3 que avalia um novo medicamento para reduzir a progressão da doença renal em adultos com TFG entre 25 e 75 mL/min/1,73 m² e albuminúria.',
        '**Nefropatia por IgA**: estudo de fase 2 com adultos com diagnóstico por biópsia e proteinúria persistente apesar do tratamento otimizado.',
        '**Prurido associado à DRC em hemodiálise**: estudo que avalia um tratamento para a coceira em pacientes em hemodiálise há pelo menos 3 meses.',
      ]),
      '## Em andamento (sem recrutamento)',
      list([
        'Anemia da doença renal crônica em tratamento conservador',
        'Hiperpotassemia em pacientes em uso de bloqueadores do sistema renina-angiotensina',
      ]),
      '## Quero participar',
      `Ligue para ${phones.research.number} ou escreva para ${emails.contact}. A equipe explica o estudo, tira suas dúvidas e verifica se você pode participar. A participação é voluntária, gratuita e pode ser interrompida a qualquer momento, sem prejuízo ao seu tratamento.`,
    ),
  },
  {
    slug: 'pesquisa/centro-pesquisa-academica',
    title: 'Centro de Pesquisa Acadêmica',
    description:
      'Iniciação científica, apoio metodológico a residentes e pós-graduandos e parcerias com universidades em nefrologia.',
    body: md(
      'O Centro de Pesquisa Acadêmica aproxima estudantes, residentes e profissionais da produção científica em nefrologia, da formulação da pergunta de pesquisa à publicação.',
      '## Linhas de pesquisa',
      list([
        'Epidemiologia da doença renal crônica no Paraná',
        'Desfechos e qualidade de vida em diálise',
        'Acesso vascular e nefrologia intervencionista',
        'Nutrição e composição corporal na doença renal',
        'Educação em saúde e letramento do paciente renal',
      ]),
      '## Iniciação científica',
      'Todo ano o Instituto abre edital para bolsistas de iniciação científica, que participam de projetos orientados por pesquisadores da casa. Acompanhe os editais abertos no menu Editais.',
      '## Apoio metodológico',
      'Residentes e pós-graduandos contam com consultoria em desenho de estudo, estatística e redação científica, e com acesso à base de dados institucional mediante aprovação ética.',
      '## Contato',
      `${phones.research.label}: ${phones.research.number}.`,
    ),
  },
  {
    slug: 'pesquisa/publicacoes',
    title: 'Publicações',
    description: 'Artigos, resumos e capítulos produzidos pelos pesquisadores do Instituto Renalis.',
    body: md(
      'Uma seleção da produção científica recente dos pesquisadores, residentes e bolsistas do Instituto Renalis.',
      '## Artigos',
      list([
        'Tavares RA, Moreira JC, Lopes CF. Punção de fístula arteriovenosa guiada por ultrassom em unidade de hemodiálise: experiência de implantação. 2026.',
        'Matsumoto H, Fontana AL. Ultrassom pulmonar para a avaliação do peso seco em hemodiálise: estudo de coorte. 2025.',
        'Lopes CF, Bertoldi R. Aditivos fosfatados em alimentos ultraprocessados consumidos por pacientes em diálise em Curitiba. 2025.',
      ]),
      '## Resumos em congressos',
      list([
        'Desfechos da biópsia renal percutânea realizada por nefrologistas: 500 procedimentos consecutivos. 2026.',
        'Infecção relacionada a cateter após protocolo de curativo com clorexidina alcoólica. 2025.',
        'Letramento em saúde de pacientes em tratamento conservador da doença renal crônica. 2024.',
      ]),
      '## Capítulos de livro',
      list(['Acesso vascular para hemodiálise. In: Manual Prático de Hemodiálise. Instituto Renalis, 2027.']),
    ),
  },
  {
    slug: 'contato',
    title: 'Contato',
    description: 'Telefones, e-mails e endereço do Instituto Renalis em Curitiba.',
    body: md(
      'Fale com a gente pelo formulário desta página, pelo botão de contato no canto da tela ou pelos canais abaixo.',
      '## Telefones',
      list([
        `${phones.education.label}: ${phones.education.number}`,
        `${phones.research.label}: ${phones.research.number}`,
      ]),
      '## E-mails',
      list([`Cursos e matrículas: ${emails.education}`, `Assuntos gerais: ${emails.contact}`]),
      '## Endereço',
      FULL_ADDRESS,
      '## Horário de atendimento',
      'Segunda a sexta-feira, das 8h às 18h.',
    ),
  },
  {
    slug: 'politicas-de-privacidade',
    title: 'Política de Privacidade',
    description:
      'Como o Instituto Renalis trata os dados pessoais de alunos, visitantes e participantes, nos termos da Lei Geral de Proteção de Dados (Lei nº 13.709/2018).',
    body: md(
      'Última atualização: 23 de novembro de 2026.',
      'Esta Política explica como o Instituto Renalis coleta, usa, compartilha e protege os dados pessoais de quem visita o site, cria uma conta, compra cursos e produtos, se inscreve em editais ou entra em contato conosco, em conformidade com a Lei Geral de Proteção de Dados Pessoais (LGPD – Lei nº 13.709/2018) e o Marco Civil da Internet (Lei nº 12.965/2014).',
      '## 1. Quem é o controlador',
      `O controlador dos dados pessoais é o ${INSTITUTE.fullName} ("Instituto Renalis"), com sede na ${FULL_ADDRESS}.`,
      `O encarregado pelo tratamento de dados pessoais (DPO) pode ser contatado pelo e-mail ${PRIVACY_EMAIL}.`,
      '## 2. Quais dados coletamos',
      list([
        '**Cadastro**: nome, e-mail, telefone e senha (armazenada apenas na forma de hash criptográfico, nunca em texto).',
        '**Login social**: quando você entra com Google ou Facebook, recebemos seu nome, e-mail e um identificador da conta; não recebemos sua senha.',
        '**Compras**: dados do pagador (nome, e-mail, CPF e telefone), endereço de cobrança, itens comprados, valores e forma de pagamento. Os dados do cartão são criptografados no seu navegador e enviados diretamente ao provedor de pagamentos; o Instituto não armazena o número do cartão nem o código de segurança.',
        '**Desconto de estudante**: o comprovante de matrícula que você envia para obter o preço de estudante.',
        '**Editais**: dados da inscrição e dos pagamentos das taxas.',
        '**Contato**: nome, e-mail, telefone e a mensagem enviada pelos formulários de contato e de chat.',
        '**Jornada Multiprofissional**: quando você assiste à transmissão ao vivo logado, quanto tempo de cada palestra você assistiu, para emitir o certificado de participação.',
        '**Cursos online**: que trechos de cada videoaula você reproduziu (com a página aberta), quando, e as leituras que abriu: é a comprovação de estudo que libera o certificado de conclusão e que o certificado registra.',
        '**Navegação**: endereço IP, data e hora de acesso e informações do navegador, registrados por segurança.',
      ]),
      '## 3. Para que usamos os dados e com qual base legal',
      list([
        '**Criar e manter sua conta, processar compras, liberar cursos, e-books e certificados** – execução de contrato (art. 7º, V, da LGPD).',
        '**Emitir documentos fiscais e cumprir obrigações legais e regulatórias**, inclusive a guarda de registros de acesso exigida pelo Marco Civil da Internet – cumprimento de obrigação legal (art. 7º, II).',
        '**Prevenir fraudes e proteger a segurança do site e das contas** – legítimo interesse (art. 7º, IX) e prevenção à fraude (art. 11, II, "g", quando aplicável).',
        '**Responder mensagens de contato e enviar informações sobre cursos que você solicitou** – procedimentos preliminares a contrato, a seu pedido (art. 7º, V).',
        '**Enviar novidades e ofertas por e-mail** – consentimento (art. 7º, I), que pode ser revogado a qualquer momento pelo link presente em cada mensagem.',
        '**Defender o Instituto em processos judiciais ou administrativos** – exercício regular de direitos (art. 7º, VI).',
      ]),
      'Não usamos seus dados para decisões tomadas unicamente por meios automatizados que afetem seus interesses.',
      '## 4. Por quanto tempo guardamos',
      list([
        'Dados da conta (nome, e-mail, telefone, foto, senha, contas do Google ou Facebook vinculadas, aulas assistidas, tentativas das avaliações finais e biblioteca de e-books): enquanto a conta estiver ativa. Quando você exclui a conta em Meu perfil, eles são apagados ou anonimizados na hora, e todas as sessões são encerradas.',
        'O que fica depois da exclusão, e por quê: os pedidos e os pagamentos de taxas de editais (número, data, itens, valores, forma de pagamento e situação), sem nome, e-mail, CPF, telefone nem endereço, pelo prazo da legislação fiscal abaixo — são os registros contábeis do Instituto; as matrículas e inscrições ligadas a eles, também sem dados pessoais; e o registro de envio do e-mail que confirma a exclusão, que precisa do endereço para ser entregue.',
        'Certificados emitidos: continuam verificáveis pelo código ou QR code (curso, carga horária e datas), mas sem o seu nome, e a credencial digital assinada é apagada. Ficam porque quem recebeu o certificado (um empregador, um programa de residência) precisa poder confirmar que ele foi emitido pelo Instituto, e apagá-los faria um certificado verdadeiro parecer falso.',
        'Dados de compras e documentos fiscais: 5 anos após o fim do exercício da compra, conforme a legislação tributária e o Código de Defesa do Consumidor.',
        'Registros de acesso: 6 meses, conforme o art. 15 do Marco Civil da Internet.',
        'Comprovantes de estudante: até a conferência do desconto e, depois, pelo prazo de guarda da compra correspondente.',
        'Mensagens de contato: até 2 anos após o último atendimento.',
        'Tempo assistido da Jornada: enquanto a conta estiver ativa (é a base do certificado de participação), e apagado com a exclusão da conta.',
        'Trechos de videoaulas reproduzidos e leituras abertas: enquanto a conta estiver ativa (são a base do certificado de conclusão), e apagados com a exclusão da conta; o certificado já emitido guarda só o resumo (a parte dos vídeos reproduzida e as aulas concluídas).',
        'Lembretes de compra e de pagamento, só se você marcar "Quero receber lembretes sobre esta compra por e-mail" no checkout (ou no pagamento de um edital): guardamos o e-mail digitado e o carrinho (itens e total) por até 30 dias desde a última visita ao checkout, e então os apagamos; uma compra desse carrinho encerra os lembretes. Do que foi enviado guardamos o endereço, o tipo de lembrete e a data, para nunca repetir um lembrete. Para parar, use o link "Não quero mais receber lembretes" de qualquer lembrete: vale na hora, sem login, para todos os lembretes daquele endereço, e guardamos o endereço descadastrado para respeitar o pedido.',
      ]),
      'Encerrados esses prazos, os dados são eliminados ou anonimizados.',
      '## 5. Com quem compartilhamos',
      list([
        '**Provedor de pagamentos**, que processa cartões, Pix e boletos e realiza a análise antifraude.',
        '**Provedor de envio de e-mails**, que entrega confirmações de compra, recuperação de senha e demais mensagens.',
        '**Provedores de hospedagem e infraestrutura em nuvem**, que podem armazenar dados em servidores fora do Brasil, com as garantias do art. 33 da LGPD.',
        '**Google e Facebook**, apenas quando você escolhe entrar com essas contas.',
        '**Autoridades públicas**, quando houver obrigação legal ou ordem judicial.',
      ]),
      'Não vendemos dados pessoais.',
      '## 6. Cookies e armazenamento local',
      'Usamos um cookie de sessão estritamente necessário para manter você conectado e o armazenamento local do navegador para guardar o carrinho de compras e o idioma escolhido. Quem assiste à Jornada logado recebe também um cookie de presença (`__Secure-renalis_presenca`), estritamente necessário: liga a transmissão à sua sessão para contar o tempo assistido, vale por 20 minutos e só é enviado ao endereço que registra a presença. Não usamos cookies de publicidade. Vídeos incorporados do YouTube, como os da Jornada Multiprofissional, podem definir cookies próprios, regidos pela política do Google. As videoaulas da área do aluno usam o modo de privacidade aprimorada do YouTube (youtube-nocookie.com) e não carregam nada do YouTube até você apertar o play; ao apertar, o navegador carrega o player do YouTube (youtube.com), que informa ao site o que foi reproduzido.',
      '## 7. Segurança',
      'Adotamos medidas técnicas e administrativas para proteger os dados, como conexão criptografada (HTTPS), senhas armazenadas com hash, controle de acesso por perfil e registro das ações administrativas. Em caso de incidente de segurança que possa causar risco ou dano relevante, comunicaremos os titulares afetados e a Autoridade Nacional de Proteção de Dados (ANPD).',
      '## 8. Seus direitos',
      'Nos termos do art. 18 da LGPD, você pode solicitar a qualquer momento:',
      list([
        'confirmação da existência de tratamento dos seus dados;',
        'acesso aos dados;',
        'correção de dados incompletos, inexatos ou desatualizados;',
        'anonimização, bloqueio ou eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a LGPD;',
        'portabilidade dos dados a outro fornecedor de serviço ou produto;',
        'eliminação dos dados tratados com base no seu consentimento;',
        'informação sobre as entidades públicas e privadas com as quais compartilhamos seus dados;',
        'informação sobre a possibilidade de não fornecer consentimento e sobre as consequências da negativa;',
        'revogação do consentimento.',
      ]),
      'Você também pode pedir a revisão de decisões tomadas unicamente com base em tratamento automatizado (art. 20) e se opor a tratamentos realizados em desconformidade com a lei.',
      '## 9. Como exercer seus direitos',
      `Envie sua solicitação ao encarregado pelo e-mail ${PRIVACY_EMAIL}, informando seu nome e o e-mail cadastrado. Para sua segurança, poderemos pedir a confirmação da sua identidade. Respondemos em até 15 dias. Se não ficar satisfeito com a resposta, você pode apresentar reclamação à ANPD.`,
      'Na área do aluno, em Meu perfil, você mesmo pode, a qualquer momento e sem precisar nos escrever: baixar todos os seus dados em um arquivo (perfil, pedidos, matrículas, inscrições em editais e pagamentos, mensagens de contato enviadas com o seu e-mail e consentimentos registrados), corrigir nome, e-mail e telefone, e excluir a sua conta. A exclusão pede uma confirmação, é imediata e é confirmada por e-mail.',
      '## 10. Crianças e adolescentes',
      'Nossos cursos são destinados a profissionais e estudantes da área da saúde maiores de 18 anos. Não coletamos intencionalmente dados de crianças e adolescentes.',
      '## 11. Alterações desta Política',
      'Esta Política pode ser atualizada para refletir mudanças legais ou nos nossos serviços. A data da última atualização aparece no início da página e, em caso de mudança relevante, avisaremos por e-mail os usuários cadastrados.',
    ),
  },
]

export const PROCEEDING_ROWS: ProceedingRow[] = [
  {
    id: 1,
    title: 'Anais da 1ª Jornada Multiprofissional em Nefrologia',
    year: 2024,
    description:
      'Resumos dos trabalhos apresentados na primeira Jornada, com o tema "Cuidado integral ao paciente em diálise".',
    fileKey: 'anais/1a-jornada-multiprofissional-2024.pdf',
  },
  {
    id: 2,
    title: 'Anais da 2ª Jornada Multiprofissional em Nefrologia',
    year: 2025,
    description:
      'Resumos e trabalhos premiados da segunda Jornada: "Doença renal crônica: do diagnóstico ao transplante".',
    fileKey: 'anais/2a-jornada-multiprofissional-2025.pdf',
  },
  {
    id: 3,
    title: 'Anais da 3ª Jornada Multiprofissional em Nefrologia',
    year: 2026,
    description:
      'Trabalhos científicos e relatos de experiência da terceira Jornada: "Acesso vascular e segurança do paciente".',
    fileKey: 'anais/3a-jornada-multiprofissional-2026.pdf',
  },
]
