import { Suspense, useState } from 'react';
import { UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconNews } from '@tabler/icons-react';
import { NavLink } from '@/lib/router';
import type { NewsCategory } from '@/generated/NewsCategory';
import { lazyNamed, preloadOnIntent } from '@/lib/lazy';
import { useNewsCategories } from '@/lib/news-categories';
import { splitCategories } from '../../lib/categories';
import { MORE_CATEGORIES_LABEL } from './menu';
import classes from './Header.module.css';

// Mantine's Menu brings Floating UI: its chunk comes when the button is first pointed at or clicked.
const MoreCategoriesMenu = lazyNamed(() => import('./MoreCategoriesMenu'), 'MoreCategoriesMenu');

/** The 'Mais categorias' button; its first click turns it into the menu, opened. */
function MoreCategories({ more }: { more: NewsCategory[] }) {
  const [clicked, setClicked] = useState(false);
  const button = (
    <UnstyledButton
      className={classes.moreButton}
      onClick={() => setClicked(true)}
      {...preloadOnIntent(MoreCategoriesMenu)}
    >
      <span>{MORE_CATEGORIES_LABEL}</span>
      <IconChevronDown size={16} aria-hidden />
    </UnstyledButton>
  );
  if (!clicked) return button;
  return (
    <Suspense fallback={button}>
      <MoreCategoriesMenu more={more} defaultOpened />
    </Suspense>
  );
}

export function CategoryBar({ mobile }: { mobile: boolean }) {
  const categories = useNewsCategories();
  const { inline, more } = splitCategories(categories, mobile);

  return (
    <nav aria-label="Categorias de notícias" className={classes.categoryNav}>
      <ul className={classes.categoryList}>
        <li className={classes.categoryLabel} aria-hidden>
          <IconNews size={16} />
          <span>Notícias</span>
        </li>
        {inline.map((category) => (
          <li key={category.slug}>
            <NavLink
              to={`/noticias/${category.slug}`}
              className={classes.categoryLink}
              data-testid="category-inline"
            >
              {category.name}
            </NavLink>
          </li>
        ))}
        {more.length > 0 && (
          <li>
            <MoreCategories more={more} />
          </li>
        )}
      </ul>
    </nav>
  );
}
