import type { ReactNode } from 'react';
import styles from './PolicyArticle.module.css';

export interface PolicySection {
  title: string;
  paragraphs: ReactNode[];
}

/** A legal text: lead paragraph, numbered sections. */
export function PolicyArticle({ title, lead, sections }: { title: string; lead: ReactNode; sections: PolicySection[] }) {
  return (
    <article className={styles.article}>
      <h2 className={styles.title}>{title}</h2>
      <p className={styles.lead}>{lead}</p>
      {sections.map((s, i) => (
        <section key={s.title}>
          <h3 className={styles.heading}>
            {['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二'][i]}、{s.title}
          </h3>
          {s.paragraphs.map((p, j) => (
            <p key={j} className={styles.p}>
              {p}
            </p>
          ))}
        </section>
      ))}
      <p className={styles.end}>本文件自发布之日起生效。</p>
    </article>
  );
}
