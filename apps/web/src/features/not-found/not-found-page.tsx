import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** /404: every unknown path lands here. */
export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="shop-container" style={{ padding: '48px 0', background: '#fff', marginTop: 16, borderRadius: 4 }}>
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在或已被移除"
        extra={[
          <Button key="home" type="primary" onClick={() => void navigate('/home')}>
            返回首页
          </Button>,
          <Button key="back" onClick={() => void navigate(-1)}>
            返回上一页
          </Button>,
        ]}
      />
    </div>
  );
}
