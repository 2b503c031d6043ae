import { withQuery } from '../../lib/query';
import { CarrierRealName } from './CarrierRealName';

export default withQuery(function FeRealNamePage() {
  return <CarrierRealName page="fe" />;
});
