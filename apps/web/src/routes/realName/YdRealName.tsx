import { withQuery } from '../../lib/query';
import { CarrierRealName } from './CarrierRealName';

export default withQuery(function YdRealNamePage() {
  return <CarrierRealName page="yd" />;
});
