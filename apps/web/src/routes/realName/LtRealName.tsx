import { withQuery } from '../../lib/query';
import { CarrierRealName } from './CarrierRealName';

export default withQuery(function LtRealNamePage() {
  return <CarrierRealName page="lt" />;
});
