import { redirect, useLoaderData } from 'react-router';
import type { Route } from './+types/home';
import type { RootData } from '../root';
import { HomeHero } from '../features/marketing/home-hero';
import { HowItWorks } from '../features/marketing/how-it-works';
import { MemberTeaser } from '../features/members/member-teaser';
import { paths } from '../paths';

export async function loader({ context, request }: Route.LoaderArgs) {
  // A logged-in member's home is the member search (spec section 9: "home to members").
  if (context.user) throw redirect(`${paths.members()}${new URL(request.url).search}`);
  return { tiles: await context.teaserMembers() };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
  if (!root) return [];
  return [
    { title: root.settings.index_title },
    { name: 'description', content: root.settings.description },
    { property: 'og:title', content: root.settings.index_title },
    { property: 'og:description', content: root.settings.description },
    { property: 'og:site_name', content: root.settings.name },
  ];
}

export default function Home() {
  const { tiles } = useLoaderData<typeof loader>();
  return (
    <>
      <HomeHero />
      <MemberTeaser tiles={tiles} />
      <HowItWorks />
    </>
  );
}
