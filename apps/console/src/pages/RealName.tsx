// 实名记录: the card holders' real-name information, masked; 查看完整信息 with a reason (features/realName).
import { RealNameList } from '../features/realName/components/RealNameList';

export default function RealName() {
  return <RealNameList />;
}
