import { IconGift } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import type { Promotion } from '@/generated/Promotion';
import { ProBadge } from './ProBadge';
import { cardImage, formatDate } from './promotions';
import classes from './Promotions.module.css';

/** A closed promotion in the grid: picture, title, short description, end date, PRO badge. */
export function PromotionCard({ promotion }: { promotion: Promotion }) {
  const image = cardImage(promotion);
  const ended = formatDate(promotion.dt_fim);
  return (
    <article className={classes.card} data-closed={!promotion.isOpen || undefined}>
      <Link to={`/promocoes/${promotion.url_promocao}`} className={classes.cardLink}>
        <div className={classes.cardMedia}>
          {image ? (
            <img src={image} alt="" loading="lazy" className={classes.cardImage} />
          ) : (
            <span className={classes.cardPlaceholder}>
              <IconGift size={40} stroke={1.5} aria-hidden />
            </span>
          )}
          {promotion.pro && <ProBadge size="sm" className={classes.cardBadge} />}
        </div>
        <div className={classes.cardBody}>
          <h3 className={classes.cardTitle}>{promotion.tx_promocao}</h3>
          {promotion.tx_descricao_curta && (
            <p className={classes.cardText}>{promotion.tx_descricao_curta}</p>
          )}
          {ended && (
            <span className={classes.cardDate}>
              {promotion.isOpen ? 'Participe até' : 'Encerrada em'}{' '}
              <time dateTime={promotion.dt_fim.slice(0, 10)}>{ended}</time>
            </span>
          )}
        </div>
      </Link>
    </article>
  );
}
