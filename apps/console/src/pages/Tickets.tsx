// 工单: the complaints and suggestions queue and a ticket's drawer (features/tickets).
import { TicketQueue } from '../features/tickets/components/TicketQueue';

export default function Tickets() {
  return <TicketQueue />;
}
