/**
 * Español for the product's own fixed messages (toasts), reviewed and shipped with the app: no
 * translation call for them. Keys are the pt-BR texts exactly as the app shows them
 * (tests/web/i18n.test.ts checks that every fixed message has an entry here).
 */
const catalogue: Readonly<Record<string, string>> = {
  'Erro ao executar': 'Error al ejecutar',
  'Erro ao pesquisar produtos': 'Error al buscar productos',
  'Erro ao carregar listas': 'Error al cargar las listas',
  'Usuário ou senha incorreta': 'Usuario o contraseña incorrectos',
  'Muitas tentativas, aguarde um minuto.': 'Demasiados intentos, espera un minuto.',
  'Erro ao fazer login': 'Error al iniciar sesión',
  'Erro ao deslogar.': 'Error al cerrar sesión.',
  'Não encontramos seu e-mail em nossa base de dados!':
    '¡No encontramos tu correo electrónico en nuestra base de datos!',
  'Enviamos seu link de redefinição de senha por e-mail!':
    '¡Te enviamos por correo electrónico el enlace para restablecer tu contraseña!',
  'Erro ao cadastarar': 'Error al registrarse',
  'Erro ao atualizar senha do usuário.': 'Error al actualizar la contraseña del usuario.',
  'Produto não encontrado': 'Producto no encontrado',
  'CPF inválido': 'CPF inválido',
  'Número da rua incorreto': 'Número de calle incorrecto',
  'forma de pagamento inválida': 'forma de pago inválida',
  'erro ao executar a compra': 'error al realizar la compra',
  'Ocorreu um erro ao validar cartão de crédito!': '¡Ocurrió un error al validar la tarjeta de crédito!',
  'erro ao adicionar item no carrinho': 'error al agregar el artículo al carrito',
  'erro ao remover item do carrinho': 'error al quitar el artículo del carrito',
  'erro ao aplicar cupom': 'error al aplicar el cupón',
  'Adicionado ao carrinho com sucesso!': '¡Agregado al carrito con éxito!',
  'Removido do carrinho com sucesso!': '¡Quitado del carrito con éxito!',
  'Cupom aplicado com sucesso!': '¡Cupón aplicado con éxito!',
  'Erro ao buscar dados.': 'Error al obtener los datos.',
  'erro ao pegar horários.': 'error al obtener los horarios.',
  'Erro ao pegar plano': 'Error al obtener el plan',
  'Erro ao buscar cursos': 'Error al buscar cursos',
  'Logado com sucesso!': '¡Sesión iniciada con éxito!',
  'Error ao logar': 'Error al iniciar sesión',
  'Não foi possível abrir a janela de login. Permita pop-ups para este site e tente de novo.':
    'No fue posible abrir la ventana de inicio de sesión. Permite las ventanas emergentes para este sitio e inténtalo de nuevo.',
  'Este link de redefinição é inválido ou expirou. Peça um novo.':
    'Este enlace de restablecimiento no es válido o caducó. Solicita uno nuevo.',
  'Senha redefinida com sucesso! Entre com a nova senha.':
    '¡Contraseña restablecida con éxito! Inicia sesión con la nueva contraseña.',
  'Cadastro realizado com sucesso!': '¡Registro realizado con éxito!',
  'Este e-mail já está cadastrado.': 'Este correo electrónico ya está registrado.',
  'Senha atualizada com sucesso!': '¡Contraseña actualizada con éxito!',
  'A senha atual está incorreta!': '¡La contraseña actual es incorrecta!',
  'Favor inseirir a senha atual!': '¡Por favor, introduce la contraseña actual!',
  'Favor inseirir a nova senha!': '¡Por favor, introduce la nueva contraseña!',
  'Favor inseirir a repetir a nova senha!': '¡Por favor, introduce de nuevo la nueva contraseña!',
  'A Nova senha deve possuir mais de 6 caracteres!': '¡La nueva contraseña debe tener más de 6 caracteres!',
  'Favor repetir a nova senha!': '¡Por favor, repite la nueva contraseña!',
  'Login com Instagram não está disponível.': 'El inicio de sesión con Instagram no está disponible.',
  'Este login social não está disponível no momento.':
    'Este inicio de sesión social no está disponible en este momento.',
  'Não foi possível concluir o login. Tente novamente.':
    'No fue posible completar el inicio de sesión. Inténtalo de nuevo.',
  'O provedor não informou seu e-mail. Cadastre-se com e-mail e senha.':
    'El proveedor no informó tu correo electrónico. Regístrate con correo y contraseña.',
  'Este e-mail já tem conta. Entre com e-mail e senha.':
    'Este correo electrónico ya tiene una cuenta. Inicia sesión con correo y contraseña.',
  'Envie uma imagem JPG, PNG ou WebP.': 'Sube una imagen JPG, PNG o WebP.',
  'A foto deve ter no máximo 2 MB.': 'La foto debe tener como máximo 2 MB.',
  'Escolha uma foto para enviar.': 'Elija una foto para enviar.',
  'Foto atualizada com sucesso!': '¡Foto actualizada con éxito!',
  'Erro ao enviar a foto.': 'Error al subir la foto.',
  'Dados atualizados com sucesso!': '¡Datos actualizados con éxito!',
  'Erro ao atualizar os dados.': 'Error al actualizar los datos.',
  'Carrinho não encontrado. Ele pode ter expirado.': 'Carrito no encontrado. Puede haber caducado.',
  'Este item não está disponível para compra.': 'Este artículo no está disponible para la compra.',
  'Cupom inválido, expirado ou que não vale para os itens do carrinho.':
    'Cupón inválido, caducado o que no es válido para los artículos del carrito.',
  'Cupons não valem junto com o preço de estudante.':
    'Los cupones no se pueden combinar con el precio de estudiante.',
  'Produto não disponivel': 'Producto no disponible',
  'O documento de estudante enviado com este carrinho não está mais guardado (ele fica um dia). Envie-o de novo no carrinho para manter o preço de estudante.':
    'El documento de estudiante enviado con este carrito ya no se guarda (se guarda un día). Envíelo de nuevo en el carrito para mantener el precio de estudiante.',
  'Informe o endereço de quem paga: o boleto registrado leva o endereço do pagador.':
    'Informe la dirección de quien paga: el boleto registrado lleva la dirección del pagador.',
  'O valor do pedido mudou. Atualize a página e confira o carrinho antes de pagar.':
    'El valor del pedido cambió. Actualiza la página y revisa el carrito antes de pagar.',
  'Pagamento recusado pela operadora do cartão. Confira os dados ou use outro cartão.':
    'Pago rechazado por el emisor de la tarjeta. Revisa los datos o usa otra tarjeta.',
  'Não foi possível falar com o meio de pagamento. Nada foi cobrado; tente novamente.':
    'No fue posible comunicarse con el medio de pago. No se cobró nada; inténtalo de nuevo.',
  'número do cartão inválido': 'número de tarjeta inválido',
  'nome do portador inválido': 'nombre del titular inválido',
  'data de expiração inválido': 'fecha de vencimiento inválida',
  'código de segurança inválido': 'código de seguridad inválido',
  'Não foi possível copiar. Selecione o texto e copie.':
    'No fue posible copiar. Selecciona el texto y cópialo.',
  'Não foi possível simular o pagamento.': 'No fue posible simular el pago.',
  'Erro ao enviar o documento de estudante.': 'Error al enviar el documento de estudiante.',
  'Erro ao atualizar o carrinho.': 'Error al actualizar el carrito.',
  'Documento enviado: o preço de estudante foi aplicado.':
    'Documento enviado: se aplicó el precio de estudiante.',
  'Documento enviado: o preço de estudante foi aplicado e os cupons foram retirados.':
    'Documento enviado: se aplicó el precio de estudiante y se quitaron los cupones.',
  'Mensagem enviada com sucesso': 'Mensaje enviado con éxito',
  'Dados incorreto(s)': 'Datos incorrectos',
  Nome: 'Nombre',
  'E-mail': 'Correo electrónico',
  Telefone: 'Teléfono',
  Descrição: 'Descripción',
  'Recebemos muitas mensagens seguidas deste endereço. Tente de novo em alguns minutos ou escreva para contato@institutorenalis.com.br.':
    'Recibimos muchos mensajes seguidos desde esta dirección. Inténtalo de nuevo en unos minutos o escribe a contato@institutorenalis.com.br.',
  'Programação ajustada: quem assiste acompanha em segundos.':
    'Programación ajustada: quienes miran la siguen en segundos.',
  'Muitas solicitações seguidas. Aguarde alguns minutos e tente de novo.':
    'Demasiadas solicitudes seguidas. Espera unos minutos e inténtalo de nuevo.',
  'Serviço temporariamente indisponível. Tente novamente em instantes.':
    'Servicio temporalmente no disponible. Inténtalo de nuevo en unos instantes.',
  'Sua sessão expirou ou a requisição veio de outro site. Recarregue a página.':
    'Tu sesión caducó o la solicitud vino de otro sitio. Recarga la página.',
  // Payments, refunds and the Worker's answer when a dependency is away
  'Pagamento recusado pela operadora do cartão': 'Pago rechazado por el emisor de la tarjeta',
  'Estamos com instabilidade e o pagamento não foi feito: nada foi cobrado. Tente novamente em instantes.':
    'Estamos con inestabilidad y el pago no se realizó: no se cobró nada. Inténtalo de nuevo en unos instantes.',
  'Seu pagamento foi aprovado, mas estamos com instabilidade para registrá-lo. Não feche esta página nem pague de novo: clique em pagar em instantes para concluir o pedido, sem nova cobrança.':
    'Tu pago fue aprobado, pero estamos con inestabilidad para registrarlo. No cierres esta página ni pagues de nuevo: haz clic en pagar en unos instantes para completar el pedido, sin un nuevo cobro.',
  'Não conseguimos confirmar o pagamento com a operadora. Tente novamente em instantes: você não será cobrado duas vezes.':
    'No pudimos confirmar el pago con el emisor. Inténtalo de nuevo en unos instantes: no se te cobrará dos veces.',
  'Este pagamento ainda está sendo processado. Aguarde alguns segundos e tente novamente.':
    'Este pago todavía se está procesando. Espera unos segundos e inténtalo de nuevo.',
  'Informe o endereço de cobrança: a operadora do cartão precisa dele para aprovar a compra.':
    'Indica la dirección de facturación: el emisor de la tarjeta la necesita para aprobar la compra.',
  'Esta tentativa de pagamento já foi usada com outro carrinho ou outro comprador. Confira o carrinho e pague novamente.':
    'Este intento de pago ya se usó con otro carrito u otro comprador. Revisa el carrito y paga de nuevo.',
  'O cupom aplicado atingiu o limite de usos. Remova o cupom do carrinho e tente novamente.':
    'El cupón aplicado alcanzó su límite de usos. Quita el cupón del carrito e inténtalo de nuevo.',
  'O pagamento está indisponível no momento. Tente novamente mais tarde.':
    'El pago no está disponible en este momento. Inténtalo de nuevo más tarde.',
  'Estamos com instabilidade. Tente novamente em instantes.':
    'Estamos con inestabilidad. Inténtalo de nuevo en unos instantes.',
  'Rede social vinculada ao seu perfil!': '¡Red social vinculada a tu perfil!',
  'Não foi possível vincular a rede social.': 'No fue posible vincular la red social.',
  'Escolha a forma de pagamento.': 'Elige la forma de pago.',
  'Forma de pagamento inválida.': 'Forma de pago inválida.',
  'Boleto não disponível para este carrinho.': 'El boleto no está disponible para este carrito.',
  'Número de parcelas inválido.': 'Número de cuotas inválido.',
  'Parcelamento disponível apenas no cartão de crédito.':
    'Las cuotas solo están disponibles con tarjeta de crédito.',
  'Valor da doação inválido.': 'Valor de la donación inválido.',
  'Este pedido não tem cobrança no meio de pagamento (foi pago fora do site ou registrado à mão): não há o que estornar por aqui. Se o valor foi devolvido por fora, registre o estorno externo: ele encerra as inscrições e fica no registro de auditoria.':
    'Este pedido no tiene cobro en el medio de pago (se pagó fuera del sitio o se registró a mano): no hay nada que reembolsar aquí. Si el valor se devolvió por fuera, registre el reembolso externo: cierra las inscripciones y queda en el registro de auditoría.',
  'Este pedido tem cobrança no meio de pagamento: estorne-o pelo botão Estornar.':
    'Este pedido tiene cobro en el medio de pago: reembólselo con el botón Reembolsar.',
  'Estorno externo registrado: as inscrições do pedido foram encerradas.':
    'Reembolso externo registrado: las inscripciones del pedido se cerraron.',
  'Turma esgotada': 'Grupo agotado',
  'Os preços ou as condições deste pedido mudaram desde a compra. Revise o carrinho: colocamos nele os mesmos itens.':
    'Los precios o las condiciones de este pedido cambiaron desde la compra. Revise el carrito: pusimos en él los mismos ítems.',
  'Alguns itens deste pedido não estão mais à venda. Revise o carrinho: colocamos nele os que continuam disponíveis.':
    'Algunos ítems de este pedido ya no están a la venta. Revise el carrito: pusimos en él los que siguen disponibles.',
  'Os itens deste pedido não estão mais à venda: não é possível gerar um novo pagamento.':
    'Los ítems de este pedido ya no están a la venta: no es posible generar un nuevo pago.',
  'Só um pedido pago pode ser estornado.': 'Solo se puede reembolsar un pedido pagado.',
  'Este pedido não teve pagamento: não há o que estornar.':
    'Este pedido no tuvo pago: no hay nada que reembolsar.',
  'O valor passa do que ainda pode ser estornado neste pedido.':
    'El valor supera lo que todavía se puede reembolsar en este pedido.',
  'O estorno deste pedido já foi solicitado e aguarda a confirmação da operadora.':
    'El reembolso de este pedido ya se solicitó y espera la confirmación del emisor.',
  'Estorno confirmado pela operadora.': 'Reembolso confirmado por el emisor.',
  'Estorno solicitado; o pedido muda quando a operadora confirmar.':
    'Reembolso solicitado; el pedido cambia cuando el emisor lo confirme.',
  'Este pedido já foi estornado.': 'Este pedido ya fue reembolsado.',
  'Não foi possível confirmar o estorno com a operadora. Tente novamente em instantes: ele não será feito duas vezes.':
    'No fue posible confirmar el reembolso con el emisor. Inténtalo de nuevo en unos instantes: no se hará dos veces.',
  // Who owns an account (issue 28): the e-mail's proof and change, linked logins, sessions
  'Informe o código que enviamos para o seu e-mail.':
    'Introduce el código que enviamos a tu correo electrónico.',
  'Código inválido ou expirado. Peça um novo código.': 'Código inválido o vencido. Solicita un código nuevo.',
  'E-mail confirmado! Todas as suas compras com este e-mail já aparecem na sua conta.':
    '¡Correo electrónico confirmado! Todas tus compras con este correo ya aparecen en tu cuenta.',
  'Este e-mail já está confirmado.': 'Este correo electrónico ya está confirmado.',
  'Este link é inválido ou expirou. Peça um novo em Meu perfil.':
    'Este enlace no es válido o venció. Solicita uno nuevo en Mi perfil.',
  'Este link é de outra conta. Saia e entre com a conta que recebeu o e-mail.':
    'Este enlace es de otra cuenta. Cierra sesión e inicia sesión con la cuenta que recibió el correo.',
  'Entre na sua conta para confirmar o e-mail.':
    'Inicia sesión en tu cuenta para confirmar el correo electrónico.',
  'Troca de e-mail cancelada.': 'Cambio de correo electrónico cancelado.',
  'Confirme o e-mail atual da conta antes de trocá-lo.':
    'Confirma el correo electrónico actual de la cuenta antes de cambiarlo.',
  'Pronto: encerramos todas as sessões da conta e cancelamos a troca de e-mail. Se você não reconhece a alteração, redefina sua senha.':
    'Listo: cerramos todas las sesiones de la cuenta y cancelamos el cambio de correo electrónico. Si no reconoces el cambio, restablece tu contraseña.',
  'Você saiu de todos os dispositivos.': 'Cerraste sesión en todos los dispositivos.',
  'Informe sua senha para vincular uma rede social.': 'Introduce tu contraseña para vincular una red social.',
  'A senha está incorreta.': 'La contraseña es incorrecta.',
  'Rede social desvinculada.': 'Red social desvinculada.',
  'Crie uma senha antes de desvincular a única forma de entrar na sua conta.':
    'Crea una contraseña antes de desvincular la única forma de entrar a tu cuenta.',
  'Esta rede social não está vinculada à sua conta.': 'Esta red social no está vinculada a tu cuenta.',
  'Confirme seu e-mail para ver na sua conta as compras feitas com ele em outros navegadores.':
    'Confirma tu correo electrónico para ver en tu cuenta las compras hechas con él en otros navegadores.',
  'Não foi possível enviar o link.': 'No fue posible enviar el enlace.',
  'Não foi possível enviar o código.': 'No fue posible enviar el código.',
  'Não foi possível cancelar a troca.': 'No fue posible cancelar el cambio.',
  'Não foi possível desvincular a rede social.': 'No fue posible desvincular la red social.',
  'Não foi possível encerrar as sessões.': 'No fue posible cerrar las sesiones.',
}

export default catalogue
