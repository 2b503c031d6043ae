import { withQuery } from '../../lib/query';
import { CarrierRealName } from './CarrierRealName';

export default withQuery(function BjRealNamePage() {
  return <CarrierRealName page="bj" />;
});
