import { HomeView } from "@/components/home/home-view";

export default function Page() {
  return <HomeView />;
}
