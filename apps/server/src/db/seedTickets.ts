// Demo data of complaints and suggestions: one ticket of the demo user about the card 1000000001,
// already answered by the operator, so /suggest shows a whole timeline (submitted → in progress →
// replied), and the message centre's messages about the operator's steps. Called from seedDemo's
// transaction after the cards.
import type { Executor } from './executor';

export async function seedTickets(trx: Executor, now: Date, userId: number): Promise<void> {
  const card = await trx.selectFrom('cards').select(['id', 'custom_num']).where('custom_num', '=', '1000000001').executeTakeFirstOrThrow();
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3600_000).toISOString();
  const ticket = await trx
    .insertInto('tickets')
    .values({
      ticket_no: 'T26110100000001',
      owner_user_id: userId,
      owner_custom_num: '',
      card_id: card.id,
      custom_num: card.custom_num,
      order_no: '',
      category: 'package',
      description: '套餐到期后自动续订的规则是什么？希望到期前能短信提醒一下。',
      images: '[]',
      contact: '13800138000',
      diagnosis: '',
      status: 'replied',
      created_at: at(50),
      updated_at: at(20),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const steps = [
    { status: 'submitted', content: '', author: '', created_at: at(50) },
    { status: 'in_progress', content: '客服已受理，正在核实', author: '客服小林', created_at: at(48) },
    {
      status: 'replied',
      content: '您好，套餐到期前3天会短信提醒；开启“自动续订”后，到期时将从余额自动续订同一套餐。感谢您的建议！',
      author: '客服小林',
      created_at: at(20),
    },
  ];
  for (const s of steps) {
    const event = await trx
      .insertInto('ticket_events')
      .values({ ticket_id: ticket.id, ...s })
      .returning('id')
      .executeTakeFirstOrThrow();
    // what the message centre kept when support wrote these steps (modules/tickets/steps.ts):
    // the 处理中 step read, the reply not yet
    if (!s.author) continue;
    await trx
      .insertInto('holder_messages')
      .values({
        user_id: userId,
        owner_custom_num: '',
        kind: 'ticket',
        source: `ticket_event:${event.id}`,
        title: s.status === 'replied' ? '客服回复了您的工单' : '您的工单正在处理',
        body: s.content,
        custom_num: card.custom_num,
        link: '/suggest?ticket_no=T26110100000001',
        created_at: s.created_at,
        read_at: s.status === 'replied' ? null : s.created_at,
      })
      .execute();
  }
}
