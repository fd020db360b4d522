import { ReadOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Card, Image, List, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { MISSING_PICTURE } from "../../booking/ui/missingPicture";
import { latestPostSchema } from "../../contract/latestPosts";
import { dayText, isolated } from "../../lib/displayText";
import { apiClient } from "../../providers/apiClient";

/**
 * The provider's news (its WordPress site's latest posts), each opening on the site in a new tab.
 * Nothing at all when the platform has no news site or it has never answered: the dashboard's
 * figures never wait for it.
 */
export function LatestPostsCard() {
  const { t } = useTranslation();
  const posts = useQuery({
    queryKey: ["dashboard", "latest-posts"],
    queryFn: async () => latestPostSchema.array().parse((await apiClient.get<{ data: unknown }>("/api/latest-posts")).data.data),
    staleTime: 10 * 60_000,
  });
  if (!posts.data || posts.data.length === 0) return null;
  return (
    <Card title={<span><ReadOutlined /> {t("dashboard.latestPosts")}</span>} size="small" data-testid="dashboard-latest-posts">
      <List
        itemLayout="horizontal"
        dataSource={posts.data}
        renderItem={(post) => (
          <List.Item key={post.id}>
            <List.Item.Meta
              avatar={post.imageUrl ? <Image src={post.imageUrl} alt="" width={96} height={64} style={{ objectFit: "cover", borderRadius: 4 }} fallback={MISSING_PICTURE} preview={false} /> : undefined}
              title={
                <a href={post.link} target="_blank" rel="noopener noreferrer">
                  <bdi>{post.title}</bdi>
                </a>
              }
              description={
                <>
                  <Typography.Text type="secondary">{isolated(dayText(post.publishedAt))}</Typography.Text>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                    <bdi>{post.excerpt}</bdi>
                  </Typography.Paragraph>
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
