// /404 — where unknown paths land, with a way home.
import { useNavigate } from '../../lib/router';
import styles from './NotFound.module.css';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <main className={styles.page}>
      <svg viewBox="0 0 200 140" className={styles.art} aria-hidden="true">
        <ellipse cx="100" cy="128" rx="70" ry="8" fill="#e6eefb" />
        <rect x="62" y="20" width="76" height="100" rx="12" fill="#fff" stroke="#cfe2ff" strokeWidth="3" />
        <rect x="78" y="62" width="44" height="34" rx="6" fill="#eaf3ff" />
        <path d="M86 40h28" stroke="#cfe2ff" strokeWidth="5" strokeLinecap="round" />
        <text x="100" y="86" textAnchor="middle" fontSize="18" fontWeight="700" fill="#127EFF">
          404
        </text>
      </svg>
      <h1 className={styles.title}>页面不存在</h1>
      <p className={styles.text}>您访问的页面不存在或已下线</p>
      <div className={styles.actions}>
        <button type="button" className="app-btn app-btn--primary" onClick={() => navigate('/', { replace: true })}>
          返回首页
        </button>
      </div>
    </main>
  );
}
