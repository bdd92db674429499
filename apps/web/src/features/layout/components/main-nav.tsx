import { NavLink } from 'react-router';
import { MAIN_NAV, shownLinks, type LinkContext } from '../nav-links';
import styles from './shop-header.module.css';

/** The main nav with the variant and role rules; the activity zone shows its image. */
export function MainNav({ ctx }: { ctx: LinkContext }) {
  const links = shownLinks(MAIN_NAV, ctx);
  const activityImage = ctx.user?.activity_flag_image;
  return (
    <nav className={styles.nav} aria-label="主导航">
      <div className={`shop-container ${styles.navInner}`}>
        {links.map((link) => (
          <NavLink
            key={link.key}
            to={link.path}
            className={({ isActive }) => `${styles.navItem} ${isActive ? styles.navActive : ''}`}
          >
            {link.key === 'activity' && activityImage ? (
              <img src={activityImage} alt={link.label} className={styles.activityImage} />
            ) : (
              link.label
            )}
          </NavLink>
        ))}
      </div>
    </nav>
  );
}
