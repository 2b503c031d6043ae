import { withQuery } from '../../lib/query';
import { CarrierRealName } from './CarrierRealName';

export default withQuery(function CmeRealNamePage() {
  return <CarrierRealName page="cme" />;
});
