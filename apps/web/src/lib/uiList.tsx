// A list of rows (/mine) in antd-mobile's List markup and styles, without antd-mobile's code: its
// List came with the whole `ui` group (43 kB gz: the base, the springs, the gestures) into /mine's
// first load, for markup a few lines long (docs/decisions/0068; 0063 kept it to List alone). The
// class names are antd-mobile's, so its stylesheets (CSS only) style it as before and the journeys'
// `.adm-list-item` still finds a row. Only what /mine uses: prefix, description, extra, the arrow of
// a row that can be tapped.
import type { ReactNode } from 'react';
import './uiList.css';

/** antd-mobile-icons' RightOutline */
const RIGHT_OUTLINE =
  'M17.3947957,5.11219264 L35.5767382,22.6612572 C36.1304785,23.2125856 36.1630514,24.0863155 35.6744571,24.6755735 L35.5767382,24.7825775 L17.3956061,42.8834676 C17.320643,42.9580998 17.2191697,43 17.1133896,43 L13.9866673,43 C13.7657534,43 13.5866673,42.8209139 13.5866673,42.6 C13.5866673,42.4936115 13.6290496,42.391606 13.7044413,42.316542 L32.3201933,23.7816937 L13.7237117,5.6866816 C13.5653818,5.53262122 13.5619207,5.27937888 13.7159811,5.121049 C13.7912854,5.04365775 13.8946805,5 14.0026627,5 L17.1170064,5 C17.2206403,5 17.3202292,5.04022164 17.3947957,5.11219264 Z';

const has = (n: ReactNode) => n !== undefined && n !== null && n !== false && n !== '';

function Item(props: { prefix?: ReactNode; description?: ReactNode; extra?: ReactNode; onClick?: () => void; children?: ReactNode }) {
  const clickable = props.onClick !== undefined;
  const content = (
    <div className="adm-list-item-content">
      {has(props.prefix) && <div className="adm-list-item-content-prefix">{props.prefix}</div>}
      <div className="adm-list-item-content-main">
        {props.children}
        {has(props.description) && <div className="adm-list-item-description">{props.description}</div>}
      </div>
      {has(props.extra) && <div className="adm-list-item-content-extra">{props.extra}</div>}
      {clickable && (
        <div className="adm-list-item-content-arrow">
          <svg
            className="antd-mobile-icon"
            width="1em"
            height="1em"
            viewBox="0 0 48 48"
            aria-hidden="true"
            style={{ verticalAlign: '-0.125em' }}
          >
            <path d={RIGHT_OUTLINE} fill="currentColor" fillRule="nonzero" />
          </svg>
        </div>
      )}
    </div>
  );
  return clickable ? (
    <a className="adm-list-item adm-plain-anchor" onClick={props.onClick}>
      {content}
    </a>
  ) : (
    <div className="adm-list-item">{content}</div>
  );
}

export function List({ children }: { children?: ReactNode }) {
  return (
    <div className="adm-list adm-list-default">
      <div className="adm-list-body">
        <div className="adm-list-body-inner">{children}</div>
      </div>
    </div>
  );
}
List.Item = Item;
