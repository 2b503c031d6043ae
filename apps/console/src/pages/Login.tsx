// 登录: username and password, 动态验证码 when the account has the second factor on (features/auth).
import { LoginForm } from '../features/auth/components/LoginForm';

export default function Login() {
  return <LoginForm />;
}
