import { withQuery } from '../../lib/query';
import { CarrierRealName } from './CarrierRealName';

export default withQuery(function DxRealNamePage() {
  return <CarrierRealName page="dx" />;
});
